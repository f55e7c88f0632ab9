import { memo, useCallback, useMemo, useState, type ComponentProps } from 'react';
import { Button, Chip, Fieldset, Group, Input, SimpleGrid, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { SUGGESTION_DEBOUNCE_MS } from '@portal/domain/constants';
import {
  BATTERY_CAPACITY_UNITS,
  BATTERY_TYPES,
  capacityUnitFor,
  convertMileage,
  DEFAULT_CAPACITY_UNIT,
  DISTANCE_UNITS,
  fromKm,
  isDistanceUnit,
  isVinCheckDigitSuspicious,
  normalizeVin,
  toKm,
  TRANSMISSIONS,
  VEHICLE_TYPES,
  type BatteryCapacityUnit,
  type BatteryType,
  type DistanceUnit,
  type Transmission,
  type VehicleType,
} from '@portal/domain/vehicle-rules';
import type { Vehicle } from '@portal/domain/vehicle';
import { CARRIED_VEHICLE_FIELDS, type CarriedVehicleField } from '@portal/domain/carry-over-rules';
import type { CarriedVehicle, CarryOver, CarryOverSource } from '@portal/domain/carry-over';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { currentLocale } from '@/lib/i18n';
import { FormSelect } from '@/components/ui/form-select';
import { usePreferredDistanceUnit } from '../hooks/use-preferred-distance-unit';
import { usePlaces } from '../api/get-places';
import { getCarryOverQueryOptions, useCarryOver } from '../api/get-carry-over';
import { CARRY_OVER_BUTTON_STYLE, CarriedMark, CarriedNotice, SameAsLastButton, VehiclePicker, withMark } from '../components/carry-over';
import { CityInput } from '../components/city-field';
import { ScanButton } from '../components/scan-button';
import { WRAPPING_BUTTON } from '../components/wrapping-button';
import { StepFormFooter } from '../components/step-footer';
import { StepStatus } from '../components/step-status';
import type { StepProps } from '../components/step-props';
import { useStepForm } from '../hooks/use-step-form';
import { useIsOnline } from '@/lib/use-is-online';
import { translateFormError, type FieldNameKey } from '../lib/form-errors';
import { clearingOnSave } from '../lib/carried';
import { formResolver } from '../lib/form-resolver';
import { isSameValues, numberToText, parseNumberInput } from '../lib/form-values';

export type VehicleFormValues = {
  type: VehicleType | null;
  manufacturer: string;
  model: string;
  year: string;
  transmission: Transmission | null;
  batteryType: BatteryType | null;
  batteryCapacity: string;
  batteryCapacityUnit: BatteryCapacityUnit;
  vin: string;
  licensePlate: string;
  /** In `mileageUnit`; saved in km. */
  mileage: string;
  mileageUnit: DistanceUnit;
  /**
   * The mileage as the installer entered it (or as stored, in km): what a unit switch converts and
   * what is saved, so switching to miles and back gives the typed value, not a twice-rounded one.
   */
  mileageEntered: { text: string; unit: DistanceUnit };
  city: string;
};

const resolver = formResolver(() => import('../schemas/vehicle').then((m) => m.VehicleInputSchema), ({ mileageUnit: _unit, mileageEntered: _entered, ...values }: VehicleFormValues) => ({
  ...values,
  year: parseNumberInput(values.year),
  batteryCapacity: parseNumberInput(values.batteryCapacity),
  mileage: parseNumberInput(values.mileage),
}));

function defaultsOf(vehicle: Vehicle | null, unit: DistanceUnit): VehicleFormValues {
  return {
    type: vehicle?.type ?? null,
    manufacturer: vehicle?.manufacturer ?? '',
    model: vehicle?.model ?? '',
    year: numberToText(vehicle?.year),
    transmission: vehicle?.transmission ?? null,
    batteryType: vehicle?.batteryType ?? null,
    batteryCapacity: numberToText(vehicle?.batteryCapacity),
    batteryCapacityUnit: vehicle?.batteryCapacityUnit ?? DEFAULT_CAPACITY_UNIT,
    vin: vehicle?.vin ?? '',
    licensePlate: vehicle?.licensePlate ?? '',
    mileage: vehicle ? numberToText(fromKm(vehicle.mileage, unit)) : '',
    mileageUnit: unit,
    mileageEntered: { text: vehicle ? numberToText(vehicle.mileage) : '', unit: 'km' },
    city: vehicle?.city ?? '',
  };
}

/** The form's values of what repeats from an earlier vehicle. */
function carriedFormValues(values: CarriedVehicle): Pick<VehicleFormValues, CarriedVehicleField> {
  return {
    type: values.type,
    manufacturer: values.manufacturer,
    model: values.model,
    year: numberToText(values.year),
    transmission: values.transmission,
    batteryType: values.batteryType,
    batteryCapacity: numberToText(values.batteryCapacity),
    batteryCapacityUnit: values.batteryCapacityUnit,
    city: values.city ?? '',
  };
}

/** Values taken from an earlier vehicle, marked until the tab is saved. */
type Carried = { source: CarryOverSource; isLast: boolean; values: Pick<VehicleFormValues, CarriedVehicleField> };

/** The mileage is one choice with its unit and the value as entered. */
const LINKED_FIELDS = { mileage: ['mileageUnit', 'mileageEntered'] };

/** The entered mileage, when the shown one is it or its conversion (a draft from an older version may lack it). */
function enteredMileageOf({ mileage, mileageUnit, mileageEntered }: VehicleFormValues): { value: number; unit: DistanceUnit } | null {
  const value = parseNumberInput(mileageEntered.text);
  if (value === undefined || !Number.isFinite(value)) return null;
  const shown = mileageEntered.unit === mileageUnit ? mileageEntered.text : String(convertMileage(value, mileageEntered.unit, mileageUnit));
  return shown === mileage ? { value, unit: mileageEntered.unit } : null;
}

type VehicleForm = UseFormReturn<VehicleFormValues, unknown, VehicleOutput>;
type VehicleOutput = Awaited<ReturnType<typeof resolver>>['values'];

/** A field's translated problem; only the field re-renders when it changes, not the whole tab. */
function useFieldError(form: VehicleForm, field: FieldNameKey & keyof VehicleFormValues): string | undefined {
  const { t } = useTranslation();
  const { errors } = useFormState({ control: form.control, name: field });
  return translateFormError(t, errors[field]?.message, field);
}

/** The mark of a value taken from an earlier vehicle, while the field still holds it. */
function useCarriedMark(form: VehicleForm, carried: Carried | null, field: CarriedVehicleField) {
  const { t } = useTranslation();
  const value = useWatch({ control: form.control, name: field, disabled: carried === null });
  return carried && isSameValues(value, carried.values[field]) ? <CarriedMark label={t(carried.isLast ? 'wizard.carryOver.mark' : 'wizard.carryOver.markPicked')} /> : null;
}

type FieldProps = { form: VehicleForm; carried: Carried | null };

function VehicleTextField({
  form,
  carried,
  name,
  label,
  ...props
}: FieldProps & { name: 'manufacturer' | 'model' | 'year' | 'batteryCapacity'; label: string } & Omit<TextInputProps, 'form' | 'name' | 'label' | 'error' | 'description'>) {
  const error = useFieldError(form, name);
  const mark = useCarriedMark(form, carried, name);
  return <TextInput {...form.register(name)} {...props} label={label} description={mark} error={error} required />;
}

function VehicleSelect({
  form,
  carried,
  name,
  ...props
}: FieldProps & { name: 'type' | 'transmission' | 'batteryType' } & Omit<ComponentProps<typeof FormSelect<VehicleFormValues, 'type', VehicleOutput>>, 'form' | 'control' | 'name' | 'error' | 'description'>) {
  const { t } = useTranslation();
  const error = useFieldError(form, name);
  const mark = useCarriedMark(form, carried, name);
  return <FormSelect {...props} control={form.control} name={name} placeholder={t('wizard.selectPlaceholder')} required description={mark} error={error} />;
}

/** The capacity with its unit, fixed by the battery type unless it is 'both'. */
function BatteryCapacity({ form, carried, isReadOnly }: FieldProps & { isReadOnly: boolean }) {
  const { t } = useTranslation();
  const batteryType = useWatch({ control: form.control, name: 'batteryType' });
  const unitError = useFieldError(form, 'batteryCapacityUnit');
  const mark = useCarriedMark(form, carried, 'batteryCapacity');
  return (
    // Level with the capacity's box while its mark (which may wrap) stands above it.
    <Group gap="sm" align={mark ? 'flex-end' : 'flex-start'} wrap="nowrap">
      <VehicleTextField
        form={form}
        carried={carried}
        name="batteryCapacity"
        label={t('wizard.labels.batteryCapacity')}
        inputMode="decimal"
        style={{ flex: 1, minWidth: 0 }}
        data-testid="vehicle-battery-capacity"
      />
      <FormSelect
        control={form.control}
        name="batteryCapacityUnit"
        onChange={(value, change) => value && change(value)}
        isTouchedOnBlur={false}
        label={t('wizard.labels.batteryCapacityUnit')}
        data={BATTERY_CAPACITY_UNITS}
        // Fixed by the battery type unless it is 'both'; read-only rather than disabled so it stays legible.
        readOnly={batteryType !== 'both'}
        disabled={isReadOnly}
        variant={batteryType === 'both' ? 'default' : 'filled'}
        title={t('wizard.vehicle.capacityUnitHint')}
        error={unitError}
        w={110}
        data-testid="vehicle-battery-unit"
      />
    </Group>
  );
}

function VinField({ form, isReadOnly }: { form: VehicleForm; isReadOnly: boolean }) {
  const { t } = useTranslation();
  const error = useFieldError(form, 'vin');
  return (
    <Controller
      control={form.control}
      name="vin"
      render={({ field }) => (
        <Stack gap={6}>
          {/* The windscreen label's code: the VIN's first action, typing stays possible. */}
          {!isReadOnly && (
            <ScanButton
              field="vin"
              label={t('wizard.labels.vin')}
              wideLabel={t('wizard.scanner.scanVin')}
              onScan={(value) => {
                field.onChange(value);
                field.onBlur();
              }}
              testId="vehicle-vin-scan"
            />
          )}
          <TextInput
            {...field}
            onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
            label={t('wizard.labels.vin')}
            description={t('wizard.vehicle.vinCount', { count: normalizeVin(field.value).length })}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            required
            error={error}
            styles={VIN_STYLES}
            data-testid="vehicle-vin"
          />
          {/* Help for a second look, beside the field; a completed installation is not to be corrected any more. */}
          {!isReadOnly && isVinCheckDigitSuspicious(field.value) && (
            <Group gap={6} wrap="nowrap" align="flex-start" id="vehicle-vin-warning" data-testid="vin-warning">
              <IconAlertTriangle size={18} color={WARNING_TEXT_COLOR} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" c={WARNING_TEXT_COLOR}>
                {t('wizard.vehicle.vinCheckDigit')}
              </Text>
            </Group>
          )}
        </Stack>
      )}
    />
  );
}

const VIN_STYLES = { input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } };

function LicensePlateField({ form }: { form: VehicleForm }) {
  const { t } = useTranslation();
  const error = useFieldError(form, 'licensePlate');
  return (
    <TextInput
      {...form.register('licensePlate')}
      label={`${t('wizard.labels.licensePlate')} (${t('wizard.labels.optional')})`}
      autoCapitalize="characters"
      error={error}
      data-testid="vehicle-license-plate"
    />
  );
}

function MileageField({ form, isReadOnly, onUnitChange }: { form: VehicleForm; isReadOnly: boolean; onUnitChange: (next: string) => void }) {
  const { t } = useTranslation();
  const error = useFieldError(form, 'mileage');
  const { setValue, getValues } = form;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        {...form.register('mileage', {
          onChange: (event: { target: { value: string } }) => setValue('mileageEntered', { text: event.target.value, unit: getValues('mileageUnit') }),
        })}
        label={t('wizard.labels.mileage')}
        description={t('wizard.vehicle.mileageHint')}
        inputMode="numeric"
        required
        error={error}
        style={{ flex: '1 1 160px', minWidth: 0 }}
        data-testid="vehicle-mileage"
      />
      <Controller
        control={form.control}
        name="mileageUnit"
        render={({ field }) => (
          <Input.Wrapper label={t('wizard.labels.mileageUnit')} description={'\u00a0'}>
            {/* Two large chips, one of which is picked: a segmented control measured its indicator after
                mounting, which laid the whole tab out once more on a phone's first paint. */}
            <Chip.Group multiple={false} value={field.value} onChange={onUnitChange}>
              <Group gap="xs" role="radiogroup" aria-label={t('wizard.labels.mileageUnit')} data-testid="vehicle-mileage-unit">
                {DISTANCE_UNITS.map((unit) => (
                  <Chip key={unit} value={unit} size="xl" disabled={isReadOnly} icon={null}>
                    {t(`wizard.vehicle.distanceUnits.${unit}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}
      />
    </Group>
  );
}

/** The city, with suggestions from the places service for what was typed. */
function CityField({ form, carried, isReadOnly }: FieldProps & { isReadOnly: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const error = useFieldError(form, 'city');
  const mark = useCarriedMark(form, carried, 'city');
  const city = useWatch({ control: form.control, name: 'city' });
  const [cityQuery] = useDebouncedValue(city, SUGGESTION_DEBOUNCE_MS);
  const places = usePlaces(isReadOnly ? '' : cityQuery, locale);
  const isOnline = useIsOnline();
  const citySuggestions = useMemo(() => [...new Set((places.data ?? []).map((place) => place.place_name))], [places.data]);
  return (
    <Controller
      control={form.control}
      name="city"
      render={({ field }) => (
        <CityInput
          {...field}
          label={`${t('wizard.labels.city')} (${t('wizard.labels.optional')})`}
          // Offline the places service cannot be asked: typing stays possible, and the hint says why no list comes.
          description={withMark(mark, isOnline ? t('wizard.vehicle.cityHint') : t('wizard.vehicle.cityHintOffline'))}
          suggestions={citySuggestions}
          error={error}
          data-testid="vehicle-city"
        />
      )}
    />
  );
}

type VehicleFieldsProps = { form: VehicleForm; carried: Carried | null; isReadOnly: boolean; onUnitChange: (next: string) => void };

/**
 * The tab's fields. Each one follows its own value and problem, so a keystroke or a pick re-renders the
 * field it changed, not the tab: on a slow phone a re-render of every field takes longer than a frame.
 */
const VehicleFields = memo(function VehicleFields({ form, carried, isReadOnly, onUnitChange }: VehicleFieldsProps) {
  const { t } = useTranslation();
  const { setValue } = form;
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) => values.map((value) => ({ value, label: label(value) }));
  return (
    <Fieldset variant="unstyled" disabled={isReadOnly} p={0}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <VehicleSelect
          form={form}
          carried={carried}
          name="type"
          label={t('wizard.labels.type')}
          data={options(VEHICLE_TYPES, (v) => t(`wizard.vehicle.types.${v}`))}
          data-testid="vehicle-type"
        />
        <VehicleTextField form={form} carried={carried} name="manufacturer" label={t('wizard.labels.manufacturer')} data-testid="vehicle-manufacturer" />
        <VehicleTextField form={form} carried={carried} name="model" label={t('wizard.labels.model')} data-testid="vehicle-model" />
        <VehicleTextField form={form} carried={carried} name="year" label={t('wizard.labels.year')} inputMode="numeric" maxLength={6} data-testid="vehicle-year" />
        <VehicleSelect
          form={form}
          carried={carried}
          name="transmission"
          label={t('wizard.labels.transmission')}
          data={options(TRANSMISSIONS, (v) => t(`wizard.vehicle.transmissions.${v}`))}
          data-testid="vehicle-transmission"
        />
        <VehicleSelect
          form={form}
          carried={carried}
          name="batteryType"
          onChange={(value, change) => {
            change(value);
            if (value) setValue('batteryCapacityUnit', capacityUnitFor(value as BatteryType), { shouldDirty: true, shouldValidate: true });
          }}
          label={t('wizard.labels.batteryType')}
          data={options(BATTERY_TYPES, (v) => t(`wizard.vehicle.batteryTypes.${v}`))}
          data-testid="vehicle-battery-type"
        />
        <BatteryCapacity form={form} carried={carried} isReadOnly={isReadOnly} />
        <VinField form={form} isReadOnly={isReadOnly} />
        <LicensePlateField form={form} />
        <MileageField form={form} isReadOnly={isReadOnly} onUnitChange={onUnitChange} />
        <CityField form={form} carried={carried} isReadOnly={isReadOnly} />
      </SimpleGrid>
    </Fieldset>
  );
});

/** Every vehicle field of SPEC §3 with the domain's rules; mileage shown in km or miles, saved in km. */
export function VehicleStep({ installation, fleet, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const [preferredUnit, setPreferredUnit] = usePreferredDistanceUnit();
  const vehicle = installation.vehicle;
  const step = useStepForm({
    tab: 'vehicle',
    installation,
    fleet,
    defaultValues: defaultsOf(vehicle, preferredUnit),
    resolver,
    isReadOnly,
    linkedFields: LINKED_FIELDS,
    toRequest: (data, values) => {
      // Converted once, from what was entered: a mileage shown converted is never converted back.
      const entered = enteredMileageOf(values);
      const mileage = entered ? toKm(entered.value, entered.unit) : toKm(data.mileage, values.mileageUnit);
      return { endpoint: 'vehicle', installationId: installation.id, body: { ...data, mileage, version: installation.version } };
    },
  });
  const { form } = step;
  const queryClient = useQueryClient();
  const carryOver = useCarryOver(fleet, installation.id, { enabled: !isReadOnly });
  const [carried, setCarried] = useState<Carried | null>(null);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const [isPicking, setIsPicking] = useState(false);
  const { setValue, getValues } = form;

  /** The values of what repeats go into the form as if typed: the same rules check them, the same save stores them. */
  const carryOverFrom = (found: NonNullable<CarryOver['vehicle']>, isLast: boolean) => {
    const values = carriedFormValues(found.values);
    for (const field of CARRIED_VEHICLE_FIELDS) setValue(field, values[field], { shouldDirty: true });
    // A problem shown before goes once its field is filled, as it would on typing.
    const shownProblems = CARRIED_VEHICLE_FIELDS.filter((field) => form.getFieldState(field).error);
    if (shownProblems.length > 0) void form.trigger(shownProblems);
    setCarried({ source: found.source, isLast, values });
  };
  const onPick = async (source: CarryOverSource) => {
    setIsPickerOpen(false);
    setIsPicking(true);
    try {
      const found = await queryClient.fetchQuery(getCarryOverQueryOptions(fleet, { for: installation.id, from: source.id }));
      if (found.vehicle) carryOverFrom(found.vehicle, false);
    } catch {
      // Nothing filled: the installer types the values as before.
    } finally {
      setIsPicking(false);
    }
  };
  // Saved (or queued to be): the values are the installer's now.
  const stepWithMarks = { ...step, save: clearingOnSave(step.save, () => setCarried(null)) };
  const last = carryOver.data?.vehicle ?? null;
  const recent = carryOver.data?.recent ?? [];

  const onUnitChange = useCallback(
    (next: string) => {
      if (!isDistanceUnit(next)) return;
      // Without a known entry (an older draft), what is shown counts as entered.
      if (!enteredMileageOf(getValues())) setValue('mileageEntered', { text: getValues('mileage'), unit: getValues('mileageUnit') });
      const entered = getValues('mileageEntered');
      const value = parseNumberInput(entered.text);
      if (entered.unit === next) setValue('mileage', entered.text, { shouldDirty: true });
      else if (value !== undefined && Number.isFinite(value)) setValue('mileage', numberToText(convertMileage(value, entered.unit, next)), { shouldDirty: true });
      setValue('mileageUnit', next, { shouldDirty: true });
      setPreferredUnit(next);
    },
    [getValues, setValue, setPreferredUnit],
  );

  const formatValue = (path: string, value: unknown) => {
    if (typeof value !== 'string' || value === '') return null;
    if (path === 'type') return t(`wizard.vehicle.types.${value as VehicleType}`);
    if (path === 'transmission') return t(`wizard.vehicle.transmissions.${value as Transmission}`);
    if (path === 'batteryType') return t(`wizard.vehicle.batteryTypes.${value as BatteryType}`);
    if (path === 'mileage') return `${value} ${form.getValues('mileageUnit')}`;
    return null;
  };

  return (
    <Stack gap="lg">
      <Text>{t('wizard.vehicle.intro')}</Text>
      <StepStatus step={step} formatValue={formatValue} />
      {!isReadOnly && (last || recent.length > 0) && (
        <Stack gap="xs" data-testid="vehicle-carry-over">
          <Group gap="sm" align="stretch">
            {last && (
              <SameAsLastButton
                label={t('wizard.carryOver.sameAsLast')}
                detail={t('wizard.carryOver.lastVehicle', { vehicle: `${last.values.manufacturer} ${last.values.model} ${last.values.year}`, name: last.source.name })}
                onClick={() => carryOverFrom(last, true)}
                testId="vehicle-same-as-last"
              />
            )}
            {recent.length > 0 && (
              <Button variant="default" size="lg" onClick={() => setIsPickerOpen(true)} loading={isPicking} styles={WRAPPING_BUTTON} style={CARRY_OVER_BUTTON_STYLE} data-testid="vehicle-pick">
                {t('wizard.carryOver.pick')}
              </Button>
            )}
          </Group>
          {carried && <CarriedNotice>{t('wizard.carryOver.vehicleFilled', { name: carried.source.name, serial: carried.source.systemSerialNumber })}</CarriedNotice>}
          <VehiclePicker opened={isPickerOpen} recent={recent} onPick={(source) => void onPick(source)} onClose={() => setIsPickerOpen(false)} />
        </Stack>
      )}
      <VehicleFields form={form} carried={carried} isReadOnly={isReadOnly} onUnitChange={onUnitChange} />
      <StepFormFooter step={stepWithMarks} onNext={onNext} isReadOnly={isReadOnly} />
    </Stack>
  );
}
