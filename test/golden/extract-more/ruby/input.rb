require 'json'
require_relative "../lib/helper"

# Top-level constant.
MAX_RETRIES = 3

# Billing namespace.
module Billing
  # Charges cards.
  # Second line.
  class Invoice < Base
    include Comparable
    extend Forwardable
    attr_accessor :total, :items
    attr_reader :id

    TAX = 0.2

    # Builds an invoice.
    def initialize(total)
      @total = total
      @items = Item.new(1)
      super(total)
    end

    def self.build(*args)
      new(*args)
    end

    def pay!(gateway)
      gateway.charge(total)
      self.notify
      Billing::Mailer.deliver(self)
      log "paid"
    end

    class << self
      def registry
        @registry ||= {}
      end
    end

    private

    def _secret
      helper
    end
  end

  class Billing::Receipt::Line; end
end

def top_level(a, b = 2)
  puts a
end

class Worker < Struct.new(:queue)
  # Hidden helper.
  private def drain
    queue&.pop(1)
    items.each do |i| process(i) end
    Foo::Bar.new.run
  end
end
