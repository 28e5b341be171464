import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * MUI's spinners and progress bars are `progressbar`s without a name, which screen readers announce blank; react-admin
 * draws them inside its own parts (the app bar while loading, a reference input, a field loading its record), out of
 * reach of a prop. Inside the layout every one defaults to "Loading" in the user's language.
 */
export const NamedProgress = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const label = translate('ra.page.loading');
  const named = useCallback(
    (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        ...Object.fromEntries(
          (['MuiCircularProgress', 'MuiLinearProgress'] as const).map((name) => [
            name,
            {
              ...outer.components?.[name],
              defaultProps: { ...outer.components?.[name]?.defaultProps, 'aria-label': label },
            },
          ]),
        ),
      },
    }),
    [label],
  );
  return <ThemeProvider theme={named}>{children}</ThemeProvider>;
};
