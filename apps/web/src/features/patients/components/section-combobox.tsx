// The pickers of the patient record's accordion sections (pregnancy, background, habits, labs, reminders,
// activity). A section opens with a 200 ms height animation that clips its content: a list opened while the
// field was still clipped was marked detached by the popover (hideDetached: display none) and nothing
// measured it again, so the field said aria-expanded with no options showing (first seen on labs, 91ad128).
// Every Select, Autocomplete and MultiSelect a section renders comes from here, with the list kept shown;
// it follows the field as the page scrolls. section-combobox.test.ts fails on a raw one in a section.
import {
  Autocomplete,
  MultiSelect,
  Select,
  type AutocompleteProps,
  type ComboboxProps,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';

const withAttachedList = (props: ComboboxProps | undefined): ComboboxProps => ({ ...props, hideDetached: false });

export function SectionSelect(props: SelectProps) {
  return <Select {...props} comboboxProps={withAttachedList(props.comboboxProps)} />;
}

export function SectionAutocomplete(props: AutocompleteProps) {
  return <Autocomplete {...props} comboboxProps={withAttachedList(props.comboboxProps)} />;
}

export function SectionMultiSelect(props: MultiSelectProps) {
  return <MultiSelect {...props} comboboxProps={withAttachedList(props.comboboxProps)} />;
}
