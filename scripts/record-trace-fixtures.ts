// Regenerates the example machine traces in tests/fixtures/traces from their scripted sessions.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  pickerCascadeTracePath,
  pickerPageTracePath,
  recordPickerCascadeSession,
  recordPickerPageSession,
} from '../tests/fixtures/traces/pickerCascadeSession.ts';

for (const [path, record] of [
  [pickerCascadeTracePath, recordPickerCascadeSession],
  [pickerPageTracePath, recordPickerPageSession],
] as const) {
  writeFileSync(path, `${JSON.stringify(record(), null, 2)}\n`);
  console.log(`wrote ${fileURLToPath(path)}`);
}
