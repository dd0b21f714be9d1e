import type { AnyStateMachine } from 'xstate';
import { layerToggleMachine } from './layerToggle.ts';
import { pickerCascadeMachine } from './pickerCascade.ts';
import { wizardMachine } from './wizard.ts';

/** Machine definitions by machine id, so a recorded trace can be replayed from its `machine` field. */
export type MachineRegistry = Readonly<Record<string, AnyStateMachine>>;

export const machineRegistry: MachineRegistry = {
  [pickerCascadeMachine.id]: pickerCascadeMachine,
  [layerToggleMachine.id]: layerToggleMachine,
  [wizardMachine.id]: wizardMachine,
};
