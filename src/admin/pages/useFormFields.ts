import { useState, type ChangeEvent } from 'react';

/** Controlled text fields for the small public forms (login, register). */
export const useFormFields = <T extends Record<string, string>>(initial: T) => {
  const [values, setValues] = useState(initial);
  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  return { values, setValues, bind };
};
