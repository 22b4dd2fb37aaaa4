"""Hand-made XLSX and ODS archives around one sheet's XML, for the attack and fuzz tests of
the workbook reader (what a spreadsheet program would never write, but a pull request can)."""

from __future__ import annotations

import io
import zipfile

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_TYPES = (
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>')


def xlsx(sheet_xml: bytes | str, name: str = "Cards", shared: bytes | str | None = None) -> bytes:
    """An XLSX archive of one sheet called ``name`` whose XML is ``sheet_xml`` (and shared
    strings ``shared``, when given)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _TYPES)
        archive.writestr("_rels/.rels", f'<?xml version="1.0"?><Relationships xmlns="{_RELS}">'
                         f'<Relationship Id="rId1" Type="{_DOC}/officeDocument" Target="xl/workbook.xml"/>'
                         "</Relationships>")
        archive.writestr("xl/workbook.xml", f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{_DOC}">'
                         f'<sheets><sheet name="{name}" sheetId="1" r:id="rId1"/></sheets></workbook>')
        archive.writestr("xl/_rels/workbook.xml.rels", f'<?xml version="1.0"?><Relationships xmlns="{_RELS}">'
                         f'<Relationship Id="rId1" Type="{_DOC}/worksheet" Target="worksheets/sheet1.xml"/>'
                         "</Relationships>")
        archive.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        if shared is not None:
            archive.writestr("xl/sharedStrings.xml", shared)
    return buffer.getvalue()


def worksheet(rows: str, dimension: str = "") -> str:
    """A worksheet's XML with ``rows`` (``<row>`` elements) in its sheetData."""
    head = f'<dimension ref="{dimension}"/>' if dimension else ""
    return f'<?xml version="1.0"?><worksheet xmlns="{MAIN}">{head}<sheetData>{rows}</sheetData></worksheet>'


def text_cell(ref: str, text: str) -> str:
    """An inline text cell at ``ref``."""
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


ODS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           f'xmlns:table="{ODS_TABLE}" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def ods(tables: str) -> bytes:
    """An ODS archive whose content.xml holds ``tables`` (``<table:table>`` elements)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml",
                         '<?xml version="1.0"?><manifest:manifest xmlns:manifest='
                         '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                         '<manifest:file-entry manifest:full-path="/" manifest:media-type='
                         '"application/vnd.oasis.opendocument.spreadsheet"/>'
                         '<manifest:file-entry manifest:full-path="content.xml" '
                         'manifest:media-type="text/xml"/>'
                         "</manifest:manifest>")
        archive.writestr("content.xml", f'<?xml version="1.0"?><office:document-content {_ODS_NS} '
                         'office:version="1.2"><office:body><office:spreadsheet>'
                         f"{tables}</office:spreadsheet></office:body></office:document-content>")
    return buffer.getvalue()


def ods_cell(value: str, repeat: int = 1) -> str:
    """An ODS text cell holding ``value``, repeated ``repeat`` times across."""
    repeated = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    return (f'<table:table-cell office:value-type="string"{repeated}><text:p>{value}</text:p>'
            "</table:table-cell>")
