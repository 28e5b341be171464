/** The sidebar palette of the spec (§9): dark blue-grey background, blue active text. */
export const sidebarColors = {
  background: '#304156',
  submenu: '#1f2d3d',
  hover: '#263445',
  text: '#bfcbd9',
  active: '#409EFF',
} as const;

/** A sidebar link in those colours (the sidebar and its collapsed pop-outs share it). */
export const sidebarItemSx = {
  color: sidebarColors.text,
  '& .MuiListItemIcon-root': { color: 'inherit' },
  '&:hover': { backgroundColor: sidebarColors.hover },
} as const;
