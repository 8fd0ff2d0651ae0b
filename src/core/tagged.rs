//! Reading an enum stored with its tag inside the object (`{"e":"rolled","roll":{..}}`) without
//! serde's buffering.
//!
//! serde's derive reads an internally tagged enum by copying each object, all of it, into a
//! buffer of its own while it looks for the tag, then reading the variant from the copy. A
//! save's log is mostly such events (a fleet action holds some 100,000), and the copy was most
//! of the time a long battle took to open. Every event this console writes has its tag first,
//! so `tagged_enum!` reads the tag where it stands and the variant's fields straight from
//! the line. An object whose tag comes later (a hand-edited line) is read whole, then by its
//! tag, so it still reads. Writing is unchanged: the enum keeps serde's derive for that.
use serde::de::value::MapAccessDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IgnoredAny, MapAccess,
    VariantAccess, Visitor,
};
use serde_json::Value;
use std::fmt;
use std::marker::PhantomData;

/// An enum read by its tag: what `tagged_enum!` implements.
pub trait ByTag: Sized {
    /// The key of the tag (`"e"`).
    const TAG: &'static str;
    /// Read the enum from a deserializer that gives it as an externally tagged enum (the
    /// derive of a copy of the enum without the tag attribute).
    fn by_tag<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error>;
}

/// `Deserialize` of a [`ByTag`] enum: the object's tag read where it stands.
pub fn deserialize<'de, D: Deserializer<'de>, T: ByTag + DeserializeOwned>(
    d: D,
) -> Result<T, D::Error> {
    d.deserialize_map(TagFirst(PhantomData))
}

struct TagFirst<T>(PhantomData<T>);

impl<'de, T: ByTag + DeserializeOwned> Visitor<'de> for TagFirst<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an object tagged by \"{}\"", T::TAG)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        use de::Error;
        let first = match map.next_key_seed(FirstKey(T::TAG))? {
            None => return Err(A::Error::missing_field(T::TAG)),
            Some(None) => return T::by_tag(Variant { map }),
            Some(Some(key)) => key,
        };
        // The tag is not the first key: the object read whole, then by its tag.
        let mut tag = None;
        let mut rest = Vec::new();
        let mut entry = Some((first, map.next_value::<Value>()?));
        while let Some((k, v)) = entry {
            if k == T::TAG && tag.is_none() {
                tag = Some(v);
            } else {
                rest.push((k, v));
            }
            entry = map.next_entry::<String, Value>()?;
        }
        let Some(tag) = tag else {
            return Err(A::Error::missing_field(T::TAG));
        };
        // Written again with its tag first and read as a saved line is, so that the variants
        // are read by one reader's code only (a reader of `Value`s as well would double it).
        let mut text = format!("{{{}:{tag}", Value::from(T::TAG));
        for (k, v) in rest {
            text.push_str(&format!(",{}:{v}", Value::from(k)));
        }
        text.push('}');
        serde_json::from_str(&text).map_err(|e: serde_json::Error| {
            // Where it stood in the text written again means nothing to the reader.
            let e = e.to_string();
            A::Error::custom(e.split(" at line ").next().unwrap_or(&e))
        })
    }
}

/// An object's first key: `None` when it is the tag, else the key.
struct FirstKey(&'static str);

impl<'de> DeserializeSeed<'de> for FirstKey {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for FirstKey {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Option<String>, E> {
        Ok((key != self.0).then(|| key.to_string()))
    }
}

/// The rest of an object whose tag is the next value, given as an externally tagged enum: the
/// tag is the variant, the other keys its fields.
struct Variant<A> {
    map: A,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Variant<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> EnumAccess<'de> for Variant<A> {
    type Error = A::Error;
    type Variant = Fields<A>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        mut self,
        seed: S,
    ) -> Result<(S::Value, Fields<A>), A::Error> {
        let variant = self.map.next_value_seed(seed)?;
        Ok((variant, Fields(self.map)))
    }
}

/// A variant's fields: the object's other keys.
struct Fields<A>(A);

impl<'de, A: MapAccess<'de>> VariantAccess<'de> for Fields<A> {
    type Error = A::Error;

    fn unit_variant(mut self) -> Result<(), A::Error> {
        while self.0.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        seed.deserialize(MapAccessDeserializer::new(self.0))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _v: V) -> Result<V::Value, A::Error> {
        Err(de::Error::invalid_type(
            de::Unexpected::Map,
            &"a variant of named fields",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.0)
    }
}

/// An enum stored with its tag inside the object, read by [`ByTag`]. Written as the enum would
/// be, without `Deserialize` in its derive, and with its name again as a string after it
/// (serde's `remote` attribute needs it spelled): the macro gives the enum its `Deserialize`
/// through a copy of its variants that serde reads as an externally tagged enum. The tag's key
/// and `rename_all` (if any) are the enum's serde attribute's; the variants' and fields' own
/// attributes (`rename`, `default`) hold for both. The tag's attribute comes first, before
/// the derive (the macro writes it after).
///
/// rustfmt does not format the body of a macro: keep it formatted as it would be.
macro_rules! tagged_enum {
    (
        #[serde(tag = $tag:literal $(, rename_all = $rename:literal)?)]
        $(#[$meta:meta])*
        $vis:vis enum $Name:ident ($remote:literal) { $($body:tt)* }
    ) => {
        $(#[$meta])*
        #[serde(tag = $tag $(, rename_all = $rename)?)]
        $vis enum $Name { $($body)* }

        const _: () = {
            /// The same variants, read as an externally tagged enum (`tagged::ByTag`).
            #[derive(serde::Deserialize)]
            #[serde(remote = $remote $(, rename_all = $rename)?)]
            #[allow(dead_code, clippy::all)]
            enum Variants { $($body)* }

            impl $crate::core::tagged::ByTag for $Name {
                const TAG: &'static str = $tag;

                fn by_tag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<$Name, D::Error> {
                    Variants::deserialize(d)
                }
            }

            impl<'de> serde::Deserialize<'de> for $Name {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$Name, D::Error> {
                    $crate::core::tagged::deserialize(d)
                }
            }
        };
    };
}
pub(crate) use tagged_enum;

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Inner {
        a: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        b: Option<String>,
    }

    tagged_enum! {
    #[serde(tag = "e", rename_all = "snake_case")]
    #[derive(Debug, Clone, PartialEq, Serialize)]
    enum Toy ("Toy") {
        Named {
            ship: String,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            roll: Option<u32>,
        },
        Wrapped(Inner),
        Bare,
        #[serde(rename = "OldName", alias = "old_alias")]
        Renamed { n: i64 },
    }
    }

    /// The same enum with serde's own derive: what `tagged_enum!` must read alike.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "e", rename_all = "snake_case")]
    enum Derived {
        Named {
            ship: String,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            roll: Option<u32>,
        },
        Wrapped(Inner),
        Bare,
        #[serde(rename = "OldName", alias = "old_alias")]
        Renamed {
            n: i64,
        },
    }

    fn both(json: &str) -> (Result<Toy, String>, Result<Derived, String>) {
        (
            serde_json::from_str::<Toy>(json).map_err(|e| e.to_string()),
            serde_json::from_str::<Derived>(json).map_err(|e| e.to_string()),
        )
    }

    #[test]
    fn every_kind_of_variant_reads_as_serde_reads_it_and_writes_the_same() {
        for json in [
            r#"{"e":"named","ship":"pow","roll":3}"#,
            r#"{"e":"named","ship":"pow"}"#,
            r#"{"e":"wrapped","a":1,"b":"x"}"#,
            r#"{"e":"wrapped","a":1}"#,
            r#"{"e":"bare"}"#,
            r#"{"e":"OldName","n":-4}"#,
        ] {
            let (toy, derived) = both(json);
            let (toy, derived) = (toy.unwrap(), derived.unwrap());
            assert_eq!(serde_json::to_string(&toy).unwrap(), json);
            assert_eq!(serde_json::to_string(&derived).unwrap(), json);
        }
        let (toy, _) = both(r#"{"e":"old_alias","n":2}"#);
        assert_eq!(toy.unwrap(), Toy::Renamed { n: 2 });
    }

    #[test]
    fn a_tag_that_is_not_the_first_key_still_reads() {
        for (json, want) in [
            (
                r#"{"ship":"pow","e":"named","roll":2}"#,
                Toy::Named {
                    ship: "pow".into(),
                    roll: Some(2),
                },
            ),
            (
                r#"{"a":5,"e":"wrapped"}"#,
                Toy::Wrapped(Inner { a: 5, b: None }),
            ),
            (r#"{"x":1,"e":"bare"}"#, Toy::Bare),
        ] {
            assert_eq!(both(json).0.unwrap(), want, "{json}");
            assert!(both(json).1.is_ok(), "{json}");
        }
    }

    #[test]
    fn keys_serde_ignores_are_ignored_here_too() {
        let (toy, derived) = both(r#"{"e":"named","ship":"pow","later":[1,{"k":2}]}"#);
        assert!(derived.is_ok());
        assert_eq!(
            toy.unwrap(),
            Toy::Named {
                ship: "pow".into(),
                roll: None
            }
        );
        assert_eq!(both(r#"{"e":"bare","x":{"y":[]}}"#).0.unwrap(), Toy::Bare);
    }

    #[test]
    fn what_serde_refuses_is_refused_with_the_same_words() {
        for json in [
            r#"{"e":"sunk","ship":"pow"}"#,
            r#"{"ship":"pow"}"#,
            r#"{}"#,
            r#"{"e":"named"}"#,
            r#"{"e":"named","ship":3}"#,
            r#"{"e":"wrapped","b":"x"}"#,
        ] {
            let (toy, derived) = both(json);
            let (toy, derived) = (toy.unwrap_err(), derived.unwrap_err());
            // The same complaint (serde_json adds where it stood, which may differ).
            let what = |e: &str| e.split(" at line").next().unwrap_or("").to_string();
            assert_eq!(what(&toy), what(&derived), "{json}");
        }
        assert!(both(r#"[1,2]"#).0.is_err());
        assert!(both(r#"{"e":3}"#).0.is_err());
    }
}
