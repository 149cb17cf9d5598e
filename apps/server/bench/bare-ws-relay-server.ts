// Baseline of the chat-delivery benchmark: a bare `ws` server that relays a message from one socket to
// another by name, with nothing else (no auth, no database, no event bus). PORT from the environment;
// GET /api/v1/health answers 200 so the benchmark can wait for it like for the real server.
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const sockets = new Map<string, WebSocket>();
const server = http.createServer((req, res) => {
  res.statusCode = req.url === '/api/v1/health' ? 200 : 404;
  res.end();
});
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (socket, request) => {
  const name = new URL(request.url ?? '/', 'http://x').searchParams.get('name') ?? '';
  sockets.set(name, socket);
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { to: string };
    sockets.get(message.to)?.send(String(raw));
  });
  socket.on('close', () => sockets.delete(name));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
