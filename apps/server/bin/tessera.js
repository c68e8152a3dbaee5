#!/usr/bin/env node
// The `tessera` command. The sources are TypeScript, loaded through tsx's ESM hook so that a fresh
// `npm ci` needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
