// The design system: every screen builds from these (CSS modules on the tokens in app/globals.css; Radix for menus,
// tabs and dialogs; lucide-react icons). Client-only parts carry their own 'use client'.
export { Button, ButtonLink, IconButton, buttonClass } from './Button';
export type { ButtonProps, ButtonLinkProps, ButtonVariant, ButtonSize, IconButtonProps } from './Button';
export { Badge, Card, PageHeader, EmptyState, Skeleton, Field, Toolbar, Stack, StatGrid, Pagination } from './Layout';
export type { BadgeTone, CardProps, Crumb, PageHeaderProps, FieldProps, PaginationProps } from './Layout';
export { Menu, OverflowMenu } from './Menu';
export type { MenuItem, MenuProps } from './Menu';
export { Tabs } from './Tabs';
export type { TabDef, TabsProps } from './Tabs';
export { Dialog } from './Dialog';
export type { DialogProps } from './Dialog';
export { DataTable } from './DataTable';
export type { Column, SortState } from './DataTable';
export { Thumbnail } from './Thumbnail';
export { ConfirmDialog } from './ConfirmDialog';
export { Toaster, useToast } from './Toaster';
