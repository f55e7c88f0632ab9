import { Anchor, type AnchorProps } from '@mantine/core';

/** An e-mail address to tap: at least 44 px high, however small its text, and wrapped anywhere on a phone. */
export function MailLink({ email, ...props }: AnchorProps & { email: string }) {
  return (
    <Anchor
      href={`mailto:${email}`}
      data-testid="mail-link"
      {...props}
      style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, overflowWrap: 'anywhere', verticalAlign: 'middle' }}
    >
      {email}
    </Anchor>
  );
}
