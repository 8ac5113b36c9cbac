#!/usr/bin/env node
// The package's bin: runs the TypeScript CLI through tsx's loader, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../conformance/bin.ts');
