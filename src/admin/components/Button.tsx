import type { ElementType } from 'react';
import { Button as RaButton, useTranslate, type ButtonProps } from 'react-admin';

/**
 * react-admin's Button, always named: on a phone it draws an icon button, and a disabled one (an export while the
 * count loads, an import under way) loses its label and aria-label, leaving a nameless button.
 */
export function Button<C extends ElementType = 'button'>(props: ButtonProps<C>) {
  const translate = useTranslate();
  const name = typeof props.label === 'string' ? translate(props.label, { _: props.label }) : undefined;
  return <RaButton aria-label={name} {...props} />;
}
