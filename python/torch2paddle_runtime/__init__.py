"""Run-time support for what torch2paddle writes to prove a migration (docs/testing-your-migration.md).

Pure Python over torch and numpy; Paddle is used only where it is installed. The `torch2paddle`
command finds this package beside its knowledge graph (`build/python/`, or
`<prefix>/share/torch2paddle/python/` when installed) and generated test suites put that folder on
`sys.path` in their `conftest.py`.
"""
