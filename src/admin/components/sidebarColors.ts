/**
 * The sidebar palette of the spec (§9): dark blue-grey background, blue active text. The spec's blue (#409EFF)
 * reads at 3.75:1 on the dark background and 2.8:1 on white, under WCAG AA's 4.5:1 for text: the sidebar shows a
 * lighter shade of it, the light content area (the theme's primary) a darker one.
 */
export const sidebarColors = {
  background: '#304156',
  submenu: '#1f2d3d',
  hover: '#263445',
  text: '#bfcbd9',
  /** The spec's blue; not used as text colour (see above). */
  brand: '#409EFF',
  /** 5.1:1 on `background`, 6.9:1 on `submenu`. */
  active: '#79bbff',
  /** The spec's blue darkened for text and buttons on white: 5.4:1 on white, 4.7:1 on light grey. */
  primary: '#1769c7',
} as const;

/** A sidebar link in those colours (the sidebar and its collapsed pop-outs share it). */
export const sidebarItemSx = {
  color: sidebarColors.text,
  '& .MuiListItemIcon-root': { color: 'inherit' },
  '&:hover': { backgroundColor: sidebarColors.hover },
} as const;
