import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fromCallback, setup } from 'xstate';
import { createTraceRecorder, createTraceableActor } from '../../../src/machines/factory.ts';
import type { MachineTrace } from '../../../src/machines/factory.ts';
import { machineRegistry } from '../../../src/machines/registry.ts';
import { parseTraces, replayTrace } from '../../../src/machines/replay.ts';
import { pickerCascadeTracePath, recordPickerCascadeSession } from '../../fixtures/traces/pickerCascadeSession.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixtureFile = fileURLToPath(pickerCascadeTracePath);

function readFixture(): MachineTrace {
  return JSON.parse(readFileSync(fixtureFile, 'utf8')) as MachineTrace;
}

/** The fixture with the recorded result of step `step` (1-based) rewritten. */
function tamperedFixture(step: number, change: (recorded: MachineTrace['steps'][number]) => void): MachineTrace {
  const trace = readFixture();
  const recorded = trace.steps[step - 1];
  if (!recorded) throw new Error(`the fixture has no step ${step}`);
  change(recorded);
  return trace;
}

describe('replayTrace (DESIGN.md §4 replay a recorded trace in Node)', () => {
  it('replays a freshly recorded §4 picker session', () => {
    expect(replayTrace(recordPickerCascadeSession(), machineRegistry)).toEqual({ ok: true, steps: 8 });
  });

  it('replays the shipped example trace, which matches what the factory records today', () => {
    expect(readFixture()).toEqual(recordPickerCascadeSession());
    expect(replayTrace(readFixture(), machineRegistry)).toEqual({ ok: true, steps: 8 });
  });

  it('reports the first step whose state differs', () => {
    const trace = tamperedFixture(4, (recorded) => {
      recorded.state = 'complete';
    });
    const fourthStep = trace.steps[3];
    expect(replayTrace(trace, machineRegistry)).toEqual({
      ok: false,
      step: 4,
      event: fourthStep?.event,
      expected: { state: 'complete', context: fourthStep?.context },
      actual: { state: 'partial', context: fourthStep?.context },
    });
  });

  it('reports the first step whose recorded context differs', () => {
    const trace = tamperedFixture(2, (recorded) => {
      recorded.context = { selected: { province: null, district: null, subdistrict: null } };
    });
    expect(replayTrace(trace, machineRegistry)).toMatchObject({
      ok: false,
      step: 2,
      actual: { context: { selected: { district: { code: '9001', name: 'เมืองสงขลา' } } } },
    });
  });

  it('reports a different initial state as step 0', () => {
    const trace = { ...readFixture(), input: { levels: ['province'] } };
    expect(replayTrace(trace, machineRegistry)).toMatchObject({ ok: false, step: 0, event: null });
  });

  it('replays events that came from child actors without running the children', () => {
    let linksStarted = 0;
    const handshakeMachine = setup({
      types: { events: {} as { type: 'CONNECT' } | { type: 'READY' } },
      actors: {
        link: fromCallback(({ sendBack }) => {
          linksStarted += 1;
          sendBack({ type: 'READY' });
        }),
      },
    }).createMachine({
      id: 'handshake',
      initial: 'idle',
      states: {
        idle: { on: { CONNECT: 'connecting' } },
        connecting: { invoke: { src: 'link' }, on: { READY: 'connected' } },
        connected: {},
      },
    });
    const recorder = createTraceRecorder();
    createTraceableActor(handshakeMachine, { recorder }).start().send({ type: 'CONNECT' });
    const [trace] = recorder.traces;
    if (!trace) throw new Error('nothing recorded');

    expect(replayTrace(trace, { handshake: handshakeMachine })).toEqual({ ok: true, steps: 2 });
    expect(linksStarted).toBe(1);
  });

  it('refuses a trace of a machine that is not registered', () => {
    expect(() => replayTrace({ ...readFixture(), machine: 'measure' }, machineRegistry)).toThrow(
      /^unknown machine "measure" \(registered: .*pickerCascade/,
    );
  });
});

describe('parseTraces', () => {
  it('accepts one trace or a list of traces', () => {
    expect(parseTraces(readFixture())).toHaveLength(1);
    expect(parseTraces([readFixture(), readFixture()])).toHaveLength(2);
  });

  it('names what is wrong with a file that is not a trace', () => {
    expect(() => parseTraces({ version: 2 })).toThrow('trace is not a machine trace: unsupported version 2');
    expect(() => parseTraces([readFixture(), { ...readFixture(), steps: [{ state: 'empty' }] }])).toThrow(
      'trace [1] is not a machine trace: steps[0] needs an "event" with a "type" and a "state"',
    );
    expect(() => parseTraces([])).toThrow('empty list of traces');
  });
});

describe('npm run replay (scripts/replay.ts)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'replay-cli-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function runReplay(...files: string[]) {
    const run = spawnSync('npx', ['tsx', 'scripts/replay.ts', ...files], { cwd: repoRoot, encoding: 'utf8' });
    return { status: run.status, lines: run.stdout.trim().split('\n'), stderr: run.stderr };
  }

  it('prints ok with the step count and exits 0', () => {
    const { status, lines } = runReplay(fixtureFile);
    expect(lines).toEqual([`${fixtureFile}: ok (8 steps)`]);
    expect(status).toBe(0);
  });

  it('prints one line per trace and exits 1 when one diverges', () => {
    const tampered = join(scratch, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(tamperedFixture(4, (recorded) => void (recorded.state = 'complete'))));
    const { status, lines } = runReplay(fixtureFile, tampered);
    const context = JSON.stringify(readFixture().steps[3]?.context);
    expect(lines).toEqual([
      `${fixtureFile}: ok (8 steps)`,
      `${tampered}: diverged at step 4 (event SELECT level=province value=93): ` +
        `expected {"state":"complete","context":${context}} got {"state":"partial","context":${context}}`,
    ]);
    expect(status).toBe(1);
  });

  it('exits 1 with a plain message, not a stack trace, for a missing or malformed file', () => {
    const malformed = join(scratch, 'malformed.json');
    writeFileSync(malformed, '{"version": 1,');
    const missing = join(scratch, 'missing.json');
    const { status, lines, stderr } = runReplay(missing, malformed);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${missing}: cannot read: ENOENT`);
    expect(lines[1]).toContain(`${malformed}: cannot read:`);
    expect(lines[1]).toContain('JSON');
    expect(`${lines.join('\n')}\n${stderr}`).not.toMatch(/^\s+at /m);
    expect(status).toBe(1);
  });
});
