#include "src/bibliography.hpp"

#include "src/toml_reader.hpp"

namespace attnverify {

Bibliography load_bibliography(const std::string& path) {
  toml::table root;
  try {
    root = toml::parse_file(path);
  } catch (const toml::parse_error& err) {
    throw SpecError(path, static_cast<std::size_t>(err.source().begin.line), "", std::string(err.description()));
  }
  Bibliography out;
  for (auto&& [key, node] : root) {
    const std::string name(key.str());
    if (!node.is_table())
      throw SpecError(path, line_of(node), name, "expected a table [" + name + "] with author, title, year, url");
    TomlReader reader(*node.as_table(), path, name, line_of(node));
    Reference ref;
    ref.key = name;
    ref.author = reader.required_string("author");
    ref.title = reader.required_string("title");
    ref.url = reader.optional_string("url").value_or("");
    ref.note = reader.optional_string("note").value_or("");
    ref.year = reader.optional_integer("year").value_or(0);
    reader.finish();
    out[name] = ref;
  }
  return out;
}

}  // namespace attnverify
