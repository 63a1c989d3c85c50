// `node --import` this file to give a tool the TypeScript compiler API (typescript-api-hooks.mjs).
import { register } from 'node:module';

register('./typescript-api-hooks.mjs', import.meta.url);
