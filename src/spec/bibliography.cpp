#include "src/spec/bibliography.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "src/spec/spec_text.hpp"
#include "src/spec/toml_reader.hpp"

namespace attnverify {

Bibliography load_bibliography(const std::string& path) {
  toml::table root;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw SpecError(path, 0, "",
                    std::filesystem::exists(path, ec) ? "the bibliography is not a regular file"
                                                      : "the bibliography file does not exist");
  {
    std::ifstream probe(path);
    if (!probe) throw SpecError(path, 0, "", std::string("the bibliography cannot be opened: ") + std::strerror(errno));
  }
  try {
    root = toml::parse_file(path);
  } catch (const toml::parse_error& err) {
    throw SpecError(path, static_cast<std::size_t>(err.source().begin.line), "", toml_syntax_problem(err));
  }
  Bibliography out;
  for (auto&& [key, node] : root) {
    const std::string name(key.str());
    if (const std::string problem = identifier_problem(name); !problem.empty())
      throw SpecError(path, line_of(node), name, "the bibliography key " + problem);
    if (!node.is_table())
      throw SpecError(path, line_of(node), name, "expected a table [" + name + "] with author, title, year, url");
    TomlReader reader(*node.as_table(), path, name, line_of(node));
    Reference ref;
    ref.key = name;
    ref.author = reader.required_string("author");
    ref.title = reader.required_string("title");
    ref.url = reader.optional_string("url", Text::Url).value_or("");
    ref.note = reader.optional_string("note").value_or("");
    ref.year = reader.optional_integer("year").value_or(0);
    reader.finish();
    out[name] = ref;
  }
  return out;
}

}  // namespace attnverify
