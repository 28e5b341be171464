import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Labeled, useTranslate } from 'react-admin';
import { SchemaField } from '../../kit';

/** A titled card of the order detail page. */
export const OrderSection = ({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {translate(title)}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
};

/** Schema fields of the record in context as label / value pairs, several per row on wide screens. */
export const FieldGrid = ({ sources, entity }: { sources: string[]; entity?: string }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
      columnGap: 2,
      rowGap: 1,
    }}
  >
    {sources.map((source) => (
      <Labeled key={source} source={source} resource={entity}>
        <SchemaField source={source} entity={entity} emptyText="—" />
      </Labeled>
    ))}
  </Box>
);

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export const Scroll = ({ children }: { children: ReactNode }) => <Box sx={{ overflowX: 'auto' }}>{children}</Box>;
