import { Link } from 'react-router-dom';
import type { ReactElement } from 'react';
import ListIcon from '@mui/icons-material/List';
import { Button } from './Button';

/** A toolbar button that navigates (react-admin's Button look, a router link underneath). */
export const LinkButton = ({ to, label, icon = <ListIcon /> }: { to: string; label: string; icon?: ReactElement }) => (
  <Button component={Link} to={to} label={label}>
    {icon}
  </Button>
);
