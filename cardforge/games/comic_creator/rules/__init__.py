"""Comic Creator's lint rules (codes CC…): every module in this package is one rule,
found by walking the package (``cardforge.lint.rule.pack_rules``); none is listed by hand."""
