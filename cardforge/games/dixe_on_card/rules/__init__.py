"""DiXe on Card's lint rules (codes DX…): every module in this package is one rule,
found by walking the package (``cardforge.lint.rule.pack_rules``); none is listed by hand."""
