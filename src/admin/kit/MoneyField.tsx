import { NumberField, type NumberFieldProps } from 'react-admin';

const money = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** An amount with two decimals (schema input kind `money`). */
export const MoneyField = (props: NumberFieldProps) => <NumberField options={money} {...props} />;
