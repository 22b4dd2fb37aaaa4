"""The workspace: its configuration, where its games are, and loading one game into the model.

Owns ``cardforge.toml`` / ``[tool.cardforge]`` (:mod:`~cardforge.workspace.workspace_config`), TOML
files a workspace supplies (:mod:`~cardforge.workspace.toml_files`), print-shop profiles
(:mod:`~cardforge.workspace.print_profiles`), the game folders and their packs
(:mod:`~cardforge.workspace.game_dirs`), loading a game (:mod:`~cardforge.workspace.game_loading`)
and parsing a large game's files on two processes (:mod:`~cardforge.workspace.parse_ahead`). May
import every foundation package below it: validation, spreadsheet, model, loading, proc,
boundary and the root's shapes."""
