// Regenerates the example machine traces in tests/fixtures/traces from their scripted sessions.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  pickerCascadeTracePath,
  recordPickerCascadeSession,
} from '../tests/fixtures/traces/pickerCascadeSession.ts';

writeFileSync(pickerCascadeTracePath, `${JSON.stringify(recordPickerCascadeSession(), null, 2)}\n`);
console.log(`wrote ${fileURLToPath(pickerCascadeTracePath)}`);
