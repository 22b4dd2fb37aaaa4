"""The few words a booklet prints around the game's own text, per language.

These are cardforge's words (cover, contents, generated parts), not the game's: a game's
text goes through its catalogs. English is the fallback for a language not listed.
"""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "rules": {"en": "Rules", "ja": "ルールブック", "fr": "Règles du jeu"},
    "rulesheet": {"en": "Quick reference", "ja": "早見表", "fr": "Aide-mémoire"},
    "contents": {"en": "Contents", "ja": "目次", "fr": "Sommaire"},
    "players": {"en": "{min}–{max} players", "ja": "{min}～{max}人用", "fr": "{min} à {max} joueurs"},
    "players-one": {"en": "{min} players", "ja": "{min}人用", "fr": "{min} joueurs"},
    "components": {"en": "Components", "ja": "内容物", "fr": "Matériel"},
    "cards": {"en": "{name} cards", "ja": "{name}カード", "fr": "Cartes {name}"},
    "dice": {"en": "{name} dice", "ja": "{name}ダイス", "fr": "Dés {name}"},
    "custom-dice": {"en": "die designs: {names}", "ja": "専用ダイス（{names}）",
                    "fr": "modèles de dés : {names}"},
    "glossary": {"en": "Icons and symbols", "ja": "アイコンとシンボル", "fr": "Icônes et symboles"},
    "examples": {"en": "Example cards", "ja": "カードの例", "fr": "Exemples de cartes"},
    "list-separator": {"en": ", ", "ja": "、", "fr": ", "},
    "white": {"en": "White", "ja": "白", "fr": "blancs"},
    "green": {"en": "Green", "ja": "緑", "fr": "verts"},
    "red": {"en": "Red", "ja": "赤", "fr": "rouges"},
    "yellow": {"en": "Yellow", "ja": "黄", "fr": "jaunes"},
}
"""Key → language → text; ``{name}``-style fields are filled by :func:`word`."""


def word(key: str, lang: str, **fields: object) -> str:
    """Word ``key`` in ``lang`` (else English) with its fields filled in.
    Raises KeyError for an unknown key."""
    entry = WORDS[key]
    return (entry.get(lang) or entry["en"]).format(**fields)
