/**
 * The staff screens' dialog and its action row: the shared ones in features/forms/dialog.tsx, which the
 * family's dialogs use too (parent-side code never imports staff code: docs/architecture.md, "Layers").
 */
export { AppDialog as StaffDialog, DialogActions } from '../forms/dialog';
