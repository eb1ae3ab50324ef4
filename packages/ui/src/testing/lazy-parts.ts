// The kit's lazily loaded parts (Radix Toast, Select), loaded before a test waits on them: jest
// compiles and loads a lazy chunk on its first use, which on a busy machine took longer than a
// find*'s 5 s (hour-goals-editor.spec's "Goals saved." toast in the issue-30 baseline run).
export async function loadLazyKitParts(): Promise<void> {
  await Promise.all([import('../components/toaster-impl'), import('../components/select-impl')]);
}
