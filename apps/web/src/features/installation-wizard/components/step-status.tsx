import type { SaveNotice } from '../stores/wizard-store';
import type { ConflictChoices, ConflictState } from '../hooks/use-step-form';
import { ConflictChoice } from './conflict-choice';
import { StepNotices } from './step-notices';

/** The part of a step form's state that its notices and its conflict choice show. */
type StepState<V> = {
  notice: SaveNotice | null;
  restoredAt: string | null;
  isSaving: boolean;
  conflict: ConflictState<V> | null;
  discard: () => Promise<unknown>;
  reloadFromServer: () => Promise<unknown>;
  resolveConflict: (choices: ConflictChoices) => Promise<unknown>;
};

type StepStatusProps<V> = {
  step: StepState<V>;
  /** A value as the field shows it (option labels instead of codes). */
  formatValue?: (path: string, value: unknown) => string | null;
};

/** Above a step's fields: what happened to its entries, and the choice a version conflict asks for. */
export function StepStatus<V>({ step, formatValue }: StepStatusProps<V>) {
  const { conflict } = step;
  return (
    <>
      <StepNotices notice={step.notice} restoredAt={step.restoredAt} onDiscard={() => void step.discard()} onReload={() => void step.reloadFromServer()} />
      {conflict && conflict.conflicts.length > 0 && (
        <ConflictChoice conflict={conflict} isSaving={step.isSaving} onApply={(choices) => void step.resolveConflict(choices)} formatValue={formatValue} />
      )}
    </>
  );
}
