# Definition idioms of Ruby.
module Greeting
  VERSION = "1.0"
  Pair = Struct.new(:left, :right)

  module_function

  def hello(name)
    "hello #{name}"
  end

  class Person
    attr_accessor :name, :age
    attr_reader :id
    attr_writer :nickname

    def initialize(name)
      @name = name
    end

    def self.build(attrs)
      new(attrs[:name])
    end

    class << self
      def registry
        @registry ||= {}
      end
    end

    define_method(:shout) { |text| text.upcase }
    define_method :whisper do |text|
      text.downcase
    end

    alias_method :full_name, :name
    alias to_s name

    def valid?
      !name.nil?
    end

    def name=(value)
      @name = value
    end

    private

    def secret; end
  end
end
