"""A resident build process: ``cardforge build`` and ``cardforge lint`` served by a warm process.

A one-shot ``cardforge`` process spends most of a one-card edit's rebuild starting up: the
interpreter, cardforge's modules and their libraries, WeasyPrint's fonts (about 1.2 s of a
2 s rebuild, measured in docs/benchmarks.md). A *resident* process pays that once, as the
Gradle daemon and Bazel's server do: the first ``build`` or ``lint`` runs as usual and then
starts :mod:`~cardforge.resident.resident_server`, which imports and warms everything and waits on a
Unix socket; later commands (:mod:`~cardforge.resident.resident_client`) hand it their arguments,
working folder, environment and terminal (stdin, stdout, stderr, passed as file
descriptors), and it forks a child that runs the command exactly as the one-shot process
would (:mod:`~cardforge.resident.resident_child`), writing to the same terminal, and passes its exit
status back.

Nothing of a workspace is ever loaded into the resident process itself: each command runs
in a fresh fork and its state ends with it, so one command (or one hostile workspace) cannot
change what the next sees. Where and whether a resident process is used is
:mod:`~cardforge.resident.resident_place`; the messages are
:mod:`~cardforge.resident.resident_wire`. The client side (``resident_client``,
``resident_place``, ``resident_wire``) may import only the standard library and
:mod:`cardforge.build` (a contract keeps a served command's start fast); the server, child and
warm-up may import everything below the entry point, the command line included.
"""
