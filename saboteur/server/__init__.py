"""The online system: HTTP + WebSocket server, lobby, chat, tables and high scores."""
