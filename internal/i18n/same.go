package i18n

import "reflect"

// Same is the message of catalog in that sits where m sits in english:
// an error built with a field of an English catalog (&english.X) is said
// in another language by the same field of that language's catalog.
// english and in are pointers to the same flat struct of M fields; ok is
// false when m is not one of english's fields.
func Same[T any](english *T, m *M, in *T) (M, bool) {
	en := reflect.ValueOf(english).Elem()
	for i := 0; i < en.NumField(); i++ {
		if f := en.Field(i); f.CanAddr() && f.Addr().Interface() == any(m) {
			got, ok := reflect.ValueOf(in).Elem().Field(i).Interface().(M)
			return got, ok
		}
	}
	return M{}, false
}
