import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { menuGroups, routes } from '../../../generated/menus';
import { breadcrumbItems } from './breadcrumbItems';

/** One line whatever the width: the items shrink to an ellipsis rather than wrap into the language switch. */
const oneLine = {
  flex: 1,
  minWidth: 0,
  color: 'inherit',
  fontSize: 14,
  '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
  '& .MuiBreadcrumbs-li': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .MuiBreadcrumbs-separator': { flexShrink: 0 },
  // The current page gives way last.
  '& .MuiBreadcrumbs-li:last-of-type': { flexShrink: 0, maxWidth: '60%' },
};

/**
 * Matched route titles, Home first; the last one is the current page, not a link: the page's one h1. It names the
 * path it was drawn for: a navigation shows the screen before until the next one's code has loaded, and two screens
 * may share a title, so that is how a reader (the browser tests) tells the next screen has come.
 */
export const Breadcrumb = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const crumbs = breadcrumbItems(pathname, routes, menuGroups);
  return (
    <Breadcrumbs aria-label={translate('app.nav.breadcrumb')} sx={oneLine}>
      {crumbs.map((crumb) => {
        const text = translate(crumb.label, { _: crumb.fallback });
        return crumb.path ? (
          <Link key={crumb.label} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {text}
          </Link>
        ) : (
          <Typography
            key={crumb.label}
            component="h1"
            data-path={pathname}
            color="text.secondary"
            fontSize="inherit"
            noWrap
          >
            {text}
          </Typography>
        );
      })}
    </Breadcrumbs>
  );
};
