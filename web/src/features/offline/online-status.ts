/** Whether the app can reach its server: lib/connection.ts (the browser's network and the server's answer). */
export { useOnline, useServerUnreachable } from '@/lib/connection';
