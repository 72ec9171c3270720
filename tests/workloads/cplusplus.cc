// Workload for the differential tests: C++ names, which the profile shows
// demangled: namespaces, templates with long argument lists, overloads,
// operators, lambdas, virtual calls, and exceptions thrown and caught
// (the unwinder's code runs too).
//
// SPDX-License-Identifier: GPL-2.0-or-later
// Build flags: -O1
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace workload {
namespace shapes {

struct Shape {
	virtual ~Shape() = default;
	virtual double area() const = 0;
};

template <typename Number, int Sides> struct Regular : Shape {
	Number side;
	explicit Regular(Number s) : side(s) {}
	double area() const override { return double(side) * side * Sides / 4.0; }
};

} // namespace shapes

template <typename Key, typename Value, typename Compare = std::less<Key>>
class Table {
	std::map<Key, std::vector<Value>, Compare> rows;

public:
	void add(const Key &key, const Value &value) { rows[key].push_back(value); }
	std::size_t operator()(const Key &key) const
	{
		auto found = rows.find(key);
		return found == rows.end() ? 0 : found->second.size();
	}
};

long checked(long x)
{
	if (x % 97 == 0)
		throw std::runtime_error("multiple of 97");
	return x;
}

long checked(long x, long y) { return checked(x) + y; }

} // namespace workload

int main()
{
	using namespace workload;
	std::vector<std::unique_ptr<shapes::Shape>> all;
	for (int i = 0; i < 2000; i++) {
		if (i % 2)
			all.emplace_back(new shapes::Regular<int, 3>(i % 17));
		else
			all.emplace_back(new shapes::Regular<double, 5>(i * 0.5));
	}
	double total = 0;
	for (const auto &shape : all)
		total += shape->area();

	Table<std::string, std::pair<int, double>> table;
	for (int i = 0; i < 3000; i++)
		table.add("key" + std::to_string(i % 37), {i, i * 0.25});
	auto count = [&table](int k) { return table("key" + std::to_string(k)); };

	long caught = 0, sum = 0;
	for (long i = 1; i < 1500; i++) {
		try {
			sum += checked(i, count(int(i % 40)));
		} catch (const std::runtime_error &) {
			caught++;
		}
	}
	std::printf("total %.1f sum %ld caught %ld\n", total, sum, caught);
	return 0;
}
