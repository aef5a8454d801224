#!/usr/bin/env node
// The MCP server over stdio (apps/server/src/mcp/stdio.ts), runnable from any directory: tsx is resolved from here.
import { register } from 'tsx/esm/api';

register();
const { runStdio } = await import('../src/mcp/stdio.ts');
await runStdio();
