// ui:widget beachSystem (item 6): 'main group/sub group/beach system' in Thai. The text can be typed;
// 'เลือกกลุ่มหาด' opens the modal of the same name with the three-level cascade from the backend
// (SPEC.md §7 router page=beachsystem mode=beachm/beachc/beachs), run by the picker cascade machine
// (choosing a level clears the levels below, SPEC.md §4). 'ยืนยัน' writes the chosen names joined by
// '/'. A list that fails shows '--' (SPEC.md §8) and says what to do (issue 24), a loading list a skeleton.
import { useEffect, useId, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { WidgetTextInput } from './WidgetTextInput.tsx';
import type { AppConfig } from '../../../engine/types.ts';
import { optionsFromRows, type Option } from '../../../engine/options.ts';
import { isLevelEnabled, pickerCascadeMachine, type PickerCascadeContext, type PickerValue } from '../../../machines/pickerCascade.ts';
import { routerRows } from '../../../state/api.ts';
import { useConfig } from '../../../state/config.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { useTraceableActor } from '../../../machines/useTraceableActor.ts';
import { t } from '../strings.ts';

/** The three levels, parent first: the router query of each list and the fields of its rows. */
export const BEACH_LEVELS = [
  { id: 'main', label: t.beachMain, mode: 'beachm', param: null, value: 'code_b_m', name: 'b_m_thai' },
  { id: 'sub', label: t.beachSub, mode: 'beachc', param: 'code_b_m', value: 'code_b_c', name: 'b_c_thai' },
  { id: 'system', label: t.beachSystem, mode: 'beachs', param: 'code_b_c', value: 'code_b_s', name: 'b_s_thai' },
] as const;
type LevelId = (typeof BEACH_LEVELS)[number]['id'];

const CASCADE_INPUT = { pickers: BEACH_LEVELS.map((l, i) => ({ id: l.id, dependsOn: i === 0 ? [] : [BEACH_LEVELS[i - 1]!.id] })) };

/** SPEC.md §3: the chosen levels' Thai names joined by '/', parent first. */
export function beachSystemText(selected: PickerCascadeContext['selected']): string {
  return BEACH_LEVELS.map((l) => selected[l.id])
    .filter((v): v is PickerValue => v != null && !Array.isArray(v))
    .map((v) => v.name)
    .join('/');
}

export function BeachSystemWidget(props: WidgetProps) {
  const { disabled, readonly, onChange } = props;
  const [open, setOpen] = useState(false);
  return (
    <div className="proposal-point">
      <WidgetTextInput {...props} />
      <button type="button" onClick={() => setOpen(true)} disabled={disabled || readonly}>
        {t.beachButton}
      </button>
      <Modal title={t.beachTitle} open={open} onClose={() => setOpen(false)} className="proposal-beach-modal">
        <BeachCascade
          onConfirm={(text) => {
            onChange(text);
            setOpen(false);
          }}
        />
      </Modal>
    </div>
  );
}

type ListState = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; options: Option[] };

function BeachCascade({ onConfirm }: { onConfirm: (text: string) => void }) {
  const { app } = useConfig();
  const [snapshot, actor] = useTraceableActor(pickerCascadeMachine, CASCADE_INPUT);
  const { selected } = snapshot.context;
  const text = beachSystemText(selected);
  return (
    <div className="proposal-beach">
      {BEACH_LEVELS.map((level, i) => {
        const parent = i === 0 ? null : BEACH_LEVELS[i - 1]!;
        const parentValue = parent ? selected[parent.id] : null;
        const parentCode = parentValue && !Array.isArray(parentValue) ? parentValue.code : null;
        return (
          <BeachLevel
            key={level.id}
            app={app}
            level={level}
            parentCode={parentCode}
            enabled={isLevelEnabled(snapshot.context, level.id)}
            value={(selected[level.id] as PickerValue | null) ?? null}
            onChoose={(option) =>
              option ? actor.send({ type: 'SELECT', level: level.id, value: { code: option.value, name: option.label } }) : actor.send({ type: 'CLEAR', level: level.id })
            }
          />
        );
      })}
      <p className="proposal-beach-result" aria-live="polite">
        {text || ' '}
      </p>
      <div className="proposal-map-actions">
        <button type="button" className="primary" disabled={!text} onClick={() => onConfirm(text)}>
          {t.confirm}
        </button>
      </div>
    </div>
  );
}

function BeachLevel({
  app,
  level,
  parentCode,
  enabled,
  value,
  onChoose,
}: {
  app: AppConfig;
  level: (typeof BEACH_LEVELS)[number];
  parentCode: string | null;
  enabled: boolean;
  value: PickerValue | null;
  onChoose: (option: Option | null) => void;
}) {
  const id = useId();
  const list = useBeachList(app, level.id, level.mode, level.param, parentCode, enabled);
  const options = list.status === 'ready' ? list.options : [];
  return (
    <div className="picker" aria-busy={list.status === 'loading'}>
      <label htmlFor={id}>{level.label}</label>
      {list.status === 'loading' ? (
        <div className="skeleton" role="progressbar" aria-label={`${t.loading} ${level.label}`} />
      ) : (
        <>
          <select
            id={id}
            aria-describedby={list.status === 'error' ? `${id}-failure` : undefined}
            value={value?.code ?? ''}
            disabled={!enabled || list.status !== 'ready'}
            className={list.status === 'error' ? 'picker-failed' : undefined}
            onChange={(e) => onChoose(options.find((o) => o.value === e.target.value) ?? null)}
          >
            {list.status === 'error' ? <option value="">{t.listFailed}</option> : <option value="">{t.choose}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {list.status === 'error' && <p className="wizard-alert" role="alert" id={`${id}-failure`}>{t.listFailedNote}</p>}
        </>
      )}
    </div>
  );
}

/** One level's list: fetched when the level is enabled and whenever its parent's code changes. */
function useBeachList(app: AppConfig, id: LevelId, mode: string, param: string | null, parentCode: string | null, enabled: boolean): ListState {
  const [state, setState] = useState<ListState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled || (param && !parentCode)) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    const query: Record<string, string> = { page: 'beachsystem', mode };
    if (param && parentCode) query[param] = parentCode;
    const level = BEACH_LEVELS.find((l) => l.id === id)!;
    routerRows(app, query)
      .then((rows) => live && setState({ status: 'ready', options: optionsFromRows(rows, { value: level.value, label: level.name }) }))
      .catch((error: unknown) => {
        console.warn(`beach-system list "${id}" failed`, error);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [app, id, mode, param, parentCode, enabled]);
  return state;
}
