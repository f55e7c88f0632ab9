import { useTranslation } from '@/lib/i18n';
import type { StepProps } from '../components/step-props';
import { formResolver } from '../lib/form-resolver';
import { useStepForm } from './use-step-form';

/** The registry data an installer confirms, each on its own tab. */
export type ConfirmationField = 'customerDataConfirmed' | 'systemDataConfirmed';
type ConfirmationValues = Partial<Record<ConfirmationField, boolean>>;

const TABS = { customerDataConfirmed: 'customer', systemDataConfirmed: 'system' } as const;
const RESOLVERS = {
  customerDataConfirmed: formResolver(() => import('../schemas/confirmation').then((m) => m.CustomerConfirmationSchema), (values: ConfirmationValues) => values),
  systemDataConfirmed: formResolver(() => import('../schemas/confirmation').then((m) => m.SystemConfirmationSchema), (values: ConfirmationValues) => values),
};

/**
 * A tab whose one entry is the installer's tick that the registry data is right: saved as `true` on
 * the installation. `checkbox` is the tick box's registration, `error` its message, if any.
 */
export function useConfirmationForm(field: ConfirmationField, { installation, fleet, isReadOnly }: Omit<StepProps, 'onNext'>) {
  const { t } = useTranslation();
  const step = useStepForm<ConfirmationValues, unknown>({
    tab: TABS[field],
    installation,
    fleet,
    defaultValues: { [field]: installation[field] },
    resolver: RESOLVERS[field],
    isReadOnly,
    toRequest: () => ({ endpoint: 'update', installationId: installation.id, body: { version: installation.version, [field]: true } }),
  });
  const { form } = step;
  const isConfirmed = Boolean(form.watch(field));
  const error = form.formState.errors[field]?.message ? t('solar.errors.formErrors.confirmed') : undefined;
  return { ...step, isConfirmed, error, checkbox: form.register(field) };
}
