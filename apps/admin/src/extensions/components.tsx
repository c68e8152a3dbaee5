import type { MediaFieldProps } from '@tessera/plugin/admin';
import { MediaField } from '../content/editor/MediaField.js';

/** The entry editor's media field, as plugins' components are lent it (`admin.components.MediaField`). */
export function PluginMediaField(props: MediaFieldProps) {
  return (
    <MediaField
      label={props.label}
      required={props.required ?? false}
      ids={[...props.value]}
      multiple={props.multiple ?? false}
      kinds={props.kinds}
      onChange={props.onChange}
      disabled={props.disabled ?? false}
      {...(props.description === undefined ? {} : { description: props.description })}
      {...(props.error === undefined ? {} : { error: props.error })}
    />
  );
}
