import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ListIcon from '@mui/icons-material/List';
import { Loading, Title, useGetOne, useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { useActionQuery } from '../../kit';
import { routePath } from '../../routes/routePath';
import { useIsMobile } from '../../components/useDevice';

interface SessionRow {
  id: number;
  name: string;
  startTime: string;
  endTime: string;
  productCount: number;
}

const hm = (t: string) => t?.slice(0, 5);

/**
 * /sms/selectSession?flashPromotionId=: the enabled sessions of a promotion with how many products it sells in each
 * (upstream's `GET /flashSession/selectList`); each leads to that session's product list.
 */
export const SelectSessionPage = () => {
  const [params] = useSearchParams();
  const id = Number(params.get('flashPromotionId'));
  const translate = useTranslate();
  const mobile = useIsMobile();
  const { data: promotion } = useGetOne('flash', { id }, { enabled: id > 0 });
  const { data, isPending, error } = useActionQuery<SessionRow[]>(
    'flashSession',
    'selectList',
    { query: { flashPromotionId: id } },
    { enabled: id > 0 },
  );
  const f = (name: string) => translate(`resources.flashSession.fields.${name}`);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="menu.selectSession" />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.flash.sessions', { title: promotion?.title ?? '' })}
      </Typography>
      {!(id > 0) ? (
        <Alert severity="info">{translate('app.flash.chooseSession')}</Alert>
      ) : isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error">{(error as Error).message}</Alert>
      ) : !data?.length ? (
        <Alert severity="info">{translate('app.flash.noSessions')}</Alert>
      ) : (
        <Card>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{f('name')}</TableCell>
                <TableCell>{mobile ? f('startTime') + ' – ' + f('endTime') : f('startTime')}</TableCell>
                {!mobile && <TableCell>{f('endTime')}</TableCell>}
                <TableCell align="right">{translate('app.flash.productCount')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{s.name}</TableCell>
                  <TableCell>{mobile ? `${hm(s.startTime)}–${hm(s.endTime)}` : hm(s.startTime)}</TableCell>
                  {!mobile && <TableCell>{hm(s.endTime)}</TableCell>}
                  <TableCell align="right">{s.productCount}</TableCell>
                  <TableCell align="right">
                    <Button
                      component={Link}
                      to={`${routePath('flashProductRelation')}?flashPromotionId=${id}&flashPromotionSessionId=${s.id}`}
                      label="app.flash.productList"
                    >
                      <ListIcon />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
};
