import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { Me } from '@portal/domain/fleet';
import { DISPLAY_NAME_MAX_LENGTH, guessDisplayName, UpdateMeSchema } from '@portal/domain/person';
import { useZodForm } from '@/lib/use-zod-form';
import { useUpdateDisplayName } from '../api/update-display-name';

type DisplayNameDialogProps = {
  me: Me;
  /** The first sign-in: the name must be chosen, the dialog has no way out but Save. */
  isRequired: boolean;
  onClose: () => void;
  onSaved: () => void;
};

/** What the field starts with: the chosen name, the identity provider's, or a guess from the address. */
export function suggestedName(me: Pick<Me, 'name' | 'email' | 'nameChosen'>): string {
  const isAddressPart = me.name === me.email.split('@')[0];
  return me.nameChosen || !isAddressPart ? me.name : guessDisplayName(me.email) || me.name;
}

const ERROR_KEYS = ['required', 'tooLong', 'invalidCharacters'] as const;

/** "What is your name?": asked once after the first sign-in, and opened from the name in the menu to change it. */
export function DisplayNameDialog({ me, isRequired, onClose, onSaved }: DisplayNameDialogProps) {
  const { t } = useTranslation();
  const save = useUpdateDisplayName();
  const [hasFailed, setHasFailed] = useState(false);
  const { register, handleSubmit, formState: { errors } } = useZodForm(UpdateMeSchema, { displayName: suggestedName(me) });
  const close = () => {
    if (!isRequired && !save.isPending) onClose();
  };
  const onSubmit = handleSubmit(({ displayName }) => {
    setHasFailed(false);
    save.mutate({ displayName }, { onSuccess: onSaved, onError: () => setHasFailed(true) });
  });
  const errorKey = ERROR_KEYS.find((key) => key === errors.displayName?.message);

  return (
    <Modal
      opened
      onClose={close}
      title={isRequired ? t('profile.title') : t('profile.editTitle')}
      centered
      withCloseButton={!isRequired}
      closeOnEscape={!isRequired}
      closeOnClickOutside={!isRequired}
      closeButtonProps={{ size: 'xl', 'aria-label': t('profile.close') }}
      attributes={{ content: { 'data-testid': 'display-name-dialog' } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">{isRequired ? t('profile.intro') : t('profile.editIntro')}</Text>
          <TextInput
            {...register('displayName')}
            label={t('profile.label')}
            autoComplete="name"
            required
            data-autofocus
            error={errorKey && t(`profile.errors.${errorKey}`, { max: DISPLAY_NAME_MAX_LENGTH })}
            data-testid="display-name"
          />
          {hasFailed && (
            <Alert color="red" variant="light" role="alert">
              {t('profile.failed')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {!isRequired && (
              <Button variant="default" onClick={close} disabled={save.isPending}>
                {t('profile.cancel')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending} data-testid="display-name-save">
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
