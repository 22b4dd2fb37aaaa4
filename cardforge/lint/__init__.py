"""The rules engine: rules, selection and severities, suppressions, and report formats."""
