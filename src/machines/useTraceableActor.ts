// Binds an xstate actor created through the recording factory to a React component.
import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyStateMachine, Actor, InputFrom, SnapshotFrom } from 'xstate';
import { createTraceableActor } from './factory.ts';

export function useTraceableActor<M extends AnyStateMachine>(machine: M, input: InputFrom<M>): [SnapshotFrom<M>, Actor<M>] {
  // Created once per mounted component; the caller re-keys the component to get a fresh one.
  const [actor] = useState(() => createTraceableActor(machine, { input } as never) as Actor<M>);
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const snapshot = useSelector(actor, (s) => s) as SnapshotFrom<M>;
  return [snapshot, actor];
}
