import { TextInput, useRecordContext, useTranslate, type TextInputProps } from 'react-admin';
import { schemaInput } from '../../kit';

/**
 * A secret the server only sends back masked (`••••1234`): the box starts empty and says what is saved; what the
 * user types replaces it. Left untouched, the masked value goes back and the server keeps the stored secret.
 */
const MaskedSecretInput = (props: TextInputProps & { source: string }) => {
  const translate = useTranslate();
  const saved = useRecordContext()?.[props.source];
  return (
    <TextInput
      {...props}
      type="password"
      autoComplete="new-password"
      format={(v) => (v === saved ? '' : (v ?? ''))}
      helperText={
        <span>
          {saved
            ? translate('app.access.shop.secretSaved', { masked: String(saved) })
            : translate('app.access.shop.secretNew')}
        </span>
      }
    />
  );
};

/** The masked secret box with its field's rules (length) from the schema. */
export const SecretInput = schemaInput(MaskedSecretInput);
