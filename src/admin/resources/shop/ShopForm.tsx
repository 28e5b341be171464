import { AutocompleteInput, SimpleForm, TextInput, regex, required } from 'react-admin';
import { Box } from '@mui/material';
import { EnumInput, ImageInput, lengthBetween } from '../../kit';
import { FormSection } from './FormSection';
import { SecretInput } from './SecretInput';
import { useCountryChoices } from '../../kit';

const upper = (v: string) => (typeof v === 'string' ? v.toUpperCase() : v);

/** Add / edit shop: every field of the spec (§3), grouped as the seller thinks of them. */
export const ShopForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => {
  const countries = useCountryChoices();
  return (
    <SimpleForm defaultValues={defaultValues}>
      <FormSection title="app.access.shop.basic">
        <TextInput source="shopName" validate={[required(), lengthBetween(2, 140)]} />
        <TextInput source="companyName" validate={lengthBetween(0, 200)} />
        <TextInput source="legalPersonName" validate={lengthBetween(0, 140)} />
        <TextInput source="inviteCode" validate={lengthBetween(0, 32)} />
        <TextInput source="currency" parse={upper} validate={regex(/^[A-Z]{3}$/, 'app.access.shop.currencyFormat')} helperText="app.access.shop.currencyHint" />
        <EnumInput source="status" values={[0, 1]} radio />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ImageInput source="icon" validate={lengthBetween(0, 500)} />
        </Box>
      </FormSection>
      <FormSection title="app.access.shop.address">
        <AutocompleteInput source="country" choices={countries} translateChoice={false} />
        <TextInput source="city" validate={lengthBetween(0, 100)} />
        <TextInput source="address1" validate={lengthBetween(0, 255)} />
        <TextInput source="address2" validate={lengthBetween(0, 255)} />
        <TextInput source="postcode" validate={lengthBetween(0, 20)} />
      </FormSection>
      <FormSection title="app.access.shop.contact">
        <TextInput source="firstName" validate={lengthBetween(0, 64)} />
        <TextInput source="lastName" validate={lengthBetween(0, 64)} />
        <TextInput source="phone" type="tel" validate={lengthBetween(0, 32)} />
      </FormSection>
      <FormSection title="app.access.shop.payment">
        <TextInput source="paypalClientId" validate={lengthBetween(0, 255)} />
        <SecretInput source="paypalSecret" validate={lengthBetween(0, 255)} />
        <TextInput source="paypalAccount" validate={lengthBetween(0, 255)} />
        <EnumInput source="chainNetwork" values={['TRC20', 'ERC20', 'BEP20']} />
        <TextInput source="walletAddress" validate={lengthBetween(0, 128)} />
      </FormSection>
      <FormSection title="app.access.shop.approval">
        <EnumInput source="approvalMode" values={[0, 1]} radio helperText="app.access.shop.approvalHint" />
      </FormSection>
    </SimpleForm>
  );
};
