import type { AnyStateMachine } from 'xstate';
import { gpsMachine } from './gps.ts';
import { layerToggleMachine } from './layerToggle.ts';
import { measureMachine } from './measure.ts';
import { pickerCascadeMachine } from './pickerCascade.ts';
import { wizardMachine } from './wizard.ts';
import { compareMachine } from './compare.ts';

/** Machine definitions by machine id, so a recorded trace can be replayed from its `machine` field. */
export type MachineRegistry = Readonly<Record<string, AnyStateMachine>>;

export const machineRegistry: MachineRegistry = {
  [pickerCascadeMachine.id]: pickerCascadeMachine,
  [layerToggleMachine.id]: layerToggleMachine,
  [wizardMachine.id]: wizardMachine,
  [measureMachine.id]: measureMachine,
  [gpsMachine.id]: gpsMachine,
  [compareMachine.id]: compareMachine,
};
