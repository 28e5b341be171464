import { SimpleForm } from 'react-admin';
import { Box } from '@mui/material';
import { CountryInput, EnumInput, FormSection, FormToolbar, ImageInput, TextInput } from '../../kit';
import { SecretInput } from './SecretInput';

const upper = (v: string) => (typeof v === 'string' ? v.toUpperCase() : v);

/**
 * Add / edit shop: every field of the spec (§3), grouped as the seller thinks of them. Rules, labels and enum
 * values come from schemas/shop.json; the screen adds the layout, the currency's upper-casing and its messages.
 */
export const ShopForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => (
  <SimpleForm defaultValues={defaultValues} toolbar={<FormToolbar />}>
    <FormSection title="app.access.shop.basic">
      <TextInput source="shopName" />
      <TextInput source="companyName" />
      <TextInput source="legalPersonName" />
      <TextInput source="inviteCode" />
      <TextInput
        source="currency"
        parse={upper}
        patternMessage="app.access.shop.currencyFormat"
        helperText="app.access.shop.currencyHint"
      />
      <EnumInput source="status" radio />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ImageInput source="icon" />
      </Box>
    </FormSection>
    <FormSection title="app.access.shop.address">
      <CountryInput source="country" autocomplete />
      <TextInput source="city" />
      <TextInput source="address1" />
      <TextInput source="address2" />
      <TextInput source="postcode" />
    </FormSection>
    <FormSection title="app.access.shop.contact">
      <TextInput source="firstName" />
      <TextInput source="lastName" />
      <TextInput source="phone" type="tel" />
    </FormSection>
    <FormSection title="app.access.shop.payment">
      <TextInput source="paypalClientId" />
      <SecretInput source="paypalSecret" />
      <TextInput source="paypalAccount" />
      <EnumInput source="chainNetwork" />
      <TextInput source="walletAddress" />
    </FormSection>
    <FormSection title="app.access.shop.approval">
      <EnumInput source="approvalMode" radio helperText="app.access.shop.approvalHint" />
      <EnumInput source="selfOperated" radio />
    </FormSection>
  </SimpleForm>
);
