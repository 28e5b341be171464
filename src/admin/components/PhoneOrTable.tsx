import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Avatar, Box, Typography, type SxProps } from '@mui/material';
import { SimpleList, type RaRecord } from 'react-admin';
import { useIsMobile } from './useDevice';
import { useLiveList } from '../live/useLiveList';

interface Props {
  /** The row's title. */
  primary: (record: RaRecord) => ReactNode;
  /** Small text right of the title (an id, a count). */
  tertiary?: (record: RaRecord) => ReactNode;
  /** Fields under the title, read from the row's record context (EnumField, ReferenceField, ...). */
  secondary?: ReactNode;
  /** The row's controls (switches, edit, delete): shown under the text. Without them a tap opens the edit screen. */
  actions?: ReactNode;
  /** The record's picture field (a logo, a product photo, an avatar), shown left of the row. */
  picture?: string;
  /** Where a tap on a row leads (default: its edit screen when there are no actions, else nowhere). */
  link?: 'edit' | 'show' | false;
  /** The desktop table. */
  children: ReactElement;
}

/**
 * A list body that is the given Datagrid on a desktop and react-admin's SimpleList on a phone (as generated lists
 * do), so a phone never gets a table in a sideways-scrolling box. The same field and button components serve both.
 * Either is live (useLiveList): a chip over it loads the rows created since, and rows changed elsewhere are marked.
 */
export const PhoneOrTable = ({ primary, tertiary, secondary, actions, picture, link, children }: Props) => {
  const mobile = useIsMobile();
  const live = useLiveList();
  if (!mobile)
    return (
      <>
        {live.bar}
        {cloneElement(children as ReactElement<{ rowSx?: unknown }>, { rowSx: live.rowSx })}
      </>
    );
  return (
    <>
      {live.bar}
      <SimpleList
        rowSx={live.rowSx as (record: RaRecord) => SxProps}
        sx={live.listSx}
        primaryText={primary}
        leftAvatar={
          picture ? (record) => <Avatar variant="rounded" src={record[picture] || undefined} alt="" /> : undefined
        }
        tertiaryText={tertiary}
        // A Typography of its own: ListItemText would otherwise wrap it in a <p>, where buttons may not go.
        secondaryText={() => (
          <Typography component="div" variant="body2" color="text.secondary">
            {secondary && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'center' }}>{secondary}</Box>
            )}
            {actions && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center', mt: 0.5 }}>
                {actions}
              </Box>
            )}
          </Typography>
        )}
        rowClick={link ?? (actions ? false : 'edit')}
      />
    </>
  );
};
