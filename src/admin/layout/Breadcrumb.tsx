import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { menuGroups, routes } from '../../../generated/menus';
import { breadcrumbItems } from './breadcrumbItems';

/** Matched route titles, Home first; the last one is the current page, not a link. */
export const Breadcrumb = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const crumbs = breadcrumbItems(pathname, routes, menuGroups);
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ flex: 1, minWidth: 0, color: 'inherit', fontSize: 14 }}>
      {crumbs.map((crumb) => {
        const text = translate(crumb.label, { _: crumb.fallback });
        return crumb.path ? (
          <Link key={crumb.label} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {text}
          </Link>
        ) : (
          <Typography key={crumb.label} color="text.secondary" fontSize="inherit" noWrap>
            {text}
          </Typography>
        );
      })}
    </Breadcrumbs>
  );
};
