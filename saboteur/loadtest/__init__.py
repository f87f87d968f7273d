"""``saboteur loadtest``: real WebSocket clients playing and chatting against a local server.

The modules, one concern each: :mod:`.options` (what to run, checked), :mod:`.metrics` (counts
and exact latency percentiles), :mod:`.connection` (one client connection), :mod:`.players`
(seats playing games, the lobby's chat), :mod:`.health` (the server's ``/api/health``),
:mod:`.run` (the bounded run), :mod:`.report` (JSON and the table) and :mod:`.command`.
"""
