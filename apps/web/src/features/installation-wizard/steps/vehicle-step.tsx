import { useState } from 'react';
import { Button, Fieldset, Group, Input, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
import { cityField } from '../components/city-field';
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

const resolver = formResolver(() => import('../lib/step-schemas').then((m) => m.VehicleInputSchema), ({ mileageUnit: _unit, mileageEntered: _entered, ...values }: VehicleFormValues) => ({
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

/** Every vehicle field of SPEC §3 with the domain's rules; mileage shown in km or miles, saved in km. */
export function VehicleStep({ installation, fleet, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
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
  const {
    register,
    control,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = form;

  const errorOf = (field: FieldNameKey & keyof VehicleFormValues) => translateFormError(t, errors[field]?.message, field);

  /** The values of what repeats go into the form as if typed: the same rules check them, the same save stores them. */
  const carryOverFrom = (found: NonNullable<CarryOver['vehicle']>, isLast: boolean) => {
    const values = carriedFormValues(found.values);
    for (const field of CARRIED_VEHICLE_FIELDS) setValue(field, values[field], { shouldDirty: true });
    // A problem shown before goes once its field is filled, as it would on typing.
    const shownProblems = CARRIED_VEHICLE_FIELDS.filter((field) => errors[field]);
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
  // A carried value keeps its mark while it is what was taken; a change of the installer's own drops it.
  const shown = carried ? watch() : null;
  const markOf = (field: CarriedVehicleField) =>
    carried && shown && isSameValues(shown[field], carried.values[field]) ? <CarriedMark label={t(carried.isLast ? 'wizard.carryOver.mark' : 'wizard.carryOver.markPicked')} /> : null;
  // Saved (or queued to be): the values are the installer's now.
  const stepWithMarks = { ...step, save: clearingOnSave(step.save, () => setCarried(null)) };
  const last = carryOver.data?.vehicle ?? null;
  const recent = carryOver.data?.recent ?? [];
  const batteryType = watch('batteryType');
  const vin = watch('vin');
  const city = watch('city');
  const [cityQuery] = useDebouncedValue(city, SUGGESTION_DEBOUNCE_MS);
  const places = usePlaces(isReadOnly ? '' : cityQuery, locale);
  const isOnline = useIsOnline();
  const citySuggestions = [...new Set((places.data ?? []).map((place) => place.place_name))];
  // Help for a second look, beside the field; a completed installation is not to be corrected any more.
  const showCheckDigitWarning = !isReadOnly && isVinCheckDigitSuspicious(vin);

  const onUnitChange = (next: string) => {
    if (!isDistanceUnit(next)) return;
    // Without a known entry (an older draft), what is shown counts as entered.
    if (!enteredMileageOf(getValues())) setValue('mileageEntered', { text: getValues('mileage'), unit: getValues('mileageUnit') });
    const entered = getValues('mileageEntered');
    const value = parseNumberInput(entered.text);
    if (entered.unit === next) setValue('mileage', entered.text, { shouldDirty: true });
    else if (value !== undefined && Number.isFinite(value)) setValue('mileage', numberToText(convertMileage(value, entered.unit, next)), { shouldDirty: true });
    setValue('mileageUnit', next, { shouldDirty: true });
    setPreferredUnit(next);
  };

  const options = <T extends string>(values: readonly T[], label: (value: T) => string) => values.map((value) => ({ value, label: label(value) }));
  const selectProps = { placeholder: t('wizard.selectPlaceholder'), required: true };
  const plainSelect = (name: 'type' | 'transmission', data: { value: string; label: string }[], testId: string) => (
    <FormSelect {...selectProps} control={control} name={name} label={t(`wizard.labels.${name}`)} description={markOf(name)} data={data} error={errorOf(name)} data-testid={testId} />
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
      <Fieldset variant="unstyled" disabled={isReadOnly} p={0}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {plainSelect('type', options(VEHICLE_TYPES, (v) => t(`wizard.vehicle.types.${v}`)), 'vehicle-type')}
          <TextInput {...register('manufacturer')} label={t('wizard.labels.manufacturer')} description={markOf('manufacturer')} required error={errorOf('manufacturer')} data-testid="vehicle-manufacturer" />
          <TextInput {...register('model')} label={t('wizard.labels.model')} description={markOf('model')} required error={errorOf('model')} data-testid="vehicle-model" />
          <TextInput
            {...register('year')}
            label={t('wizard.labels.year')}
            description={markOf('year')}
            inputMode="numeric"
            maxLength={6}
            required
            error={errorOf('year')}
            data-testid="vehicle-year"
          />
          {plainSelect('transmission', options(TRANSMISSIONS, (v) => t(`wizard.vehicle.transmissions.${v}`)), 'vehicle-transmission')}
          <FormSelect
            {...selectProps}
            control={control}
            name="batteryType"
            onChange={(value, change) => {
              change(value);
              if (value) setValue('batteryCapacityUnit', capacityUnitFor(value as BatteryType), { shouldDirty: true, shouldValidate: true });
            }}
            label={t('wizard.labels.batteryType')}
            description={markOf('batteryType')}
            data={options(BATTERY_TYPES, (v) => t(`wizard.vehicle.batteryTypes.${v}`))}
            error={errorOf('batteryType')}
            data-testid="vehicle-battery-type"
          />
          {/* Level with the capacity's box while its mark (which may wrap) stands above it. */}
          <Group gap="sm" align={markOf('batteryCapacity') ? 'flex-end' : 'flex-start'} wrap="nowrap">
            <TextInput
              {...register('batteryCapacity')}
              label={t('wizard.labels.batteryCapacity')}
              description={markOf('batteryCapacity')}
              inputMode="decimal"
              required
              error={errorOf('batteryCapacity')}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="vehicle-battery-capacity"
            />
            <FormSelect
              control={control}
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
              error={errorOf('batteryCapacityUnit')}
              w={110}
              data-testid="vehicle-battery-unit"
            />
          </Group>
          <Stack gap={6}>
            <Controller control={control} name="vin" render={({ field }) => (
              <>
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
                  error={errorOf('vin')}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
                  data-testid="vehicle-vin"
                />
              </>
            )}
            />
            {showCheckDigitWarning && (
              <Group gap={6} wrap="nowrap" align="flex-start" id="vehicle-vin-warning" data-testid="vin-warning">
                <IconAlertTriangle size={18} color={WARNING_TEXT_COLOR} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" c={WARNING_TEXT_COLOR}>
                  {t('wizard.vehicle.vinCheckDigit')}
                </Text>
              </Group>
            )}
          </Stack>
          <TextInput
            {...register('licensePlate')}
            label={`${t('wizard.labels.licensePlate')} (${t('wizard.labels.optional')})`}
            autoCapitalize="characters"
            error={errorOf('licensePlate')}
            data-testid="vehicle-license-plate"
          />
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              {...register('mileage', {
                onChange: (event: { target: { value: string } }) => setValue('mileageEntered', { text: event.target.value, unit: getValues('mileageUnit') }),
              })}
              label={t('wizard.labels.mileage')}
              description={t('wizard.vehicle.mileageHint')}
              inputMode="numeric"
              required
              error={errorOf('mileage')}
              style={{ flex: '1 1 160px', minWidth: 0 }}
              data-testid="vehicle-mileage"
            />
            <Controller
              control={control}
              name="mileageUnit"
              render={({ field }) => (
                <Input.Wrapper label={t('wizard.labels.mileageUnit')} description={'\u00a0'}>
                  <SegmentedControl
                    value={field.value}
                    onChange={onUnitChange}
                    data={DISTANCE_UNITS.map((unit) => ({ value: unit, label: t(`wizard.vehicle.distanceUnits.${unit}`) }))}
                    disabled={isReadOnly}
                    size="lg"
                    aria-label={t('wizard.labels.mileageUnit')}
                    data-testid="vehicle-mileage-unit"
                  />
                </Input.Wrapper>
              )}
            />
          </Group>
          <Controller
            control={control}
            name="city"
            render={({ field }) => (
              <cityField.Component
                {...field}
                label={`${t('wizard.labels.city')} (${t('wizard.labels.optional')})`}
                // Offline the places service cannot be asked: typing stays possible, and the hint says why no list comes.
                description={withMark(markOf('city'), isOnline ? t('wizard.vehicle.cityHint') : t('wizard.vehicle.cityHintOffline'))}
                suggestions={citySuggestions}
                error={errorOf('city')}
                data-testid="vehicle-city"
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>
      <StepFormFooter step={stepWithMarks} onNext={onNext} isReadOnly={isReadOnly} />
    </Stack>
  );
}
