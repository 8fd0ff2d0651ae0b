pub mod dnb;
